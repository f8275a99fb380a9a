// A titled block of the dispute panel, optionally collapsible.
import { useState, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  aside?: ReactNode;
  collapsible?: boolean;
  defaultOpen?: boolean;
  children: ReactNode;
}

export function Section({ title, aside, collapsible = false, defaultOpen = true, children }: SectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const shown = !collapsible || open;
  return (
    <section className="section" aria-label={title}>
      <header className="section-head">
        {collapsible ? (
          <button type="button" className="section-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            <span className="caret" aria-hidden="true">
              {open ? '▾' : '▸'}
            </span>
            {title}
          </button>
        ) : (
          <h3 className="section-title">{title}</h3>
        )}
        {aside != null && <div className="section-aside">{aside}</div>}
      </header>
      {shown && <div className="section-body">{children}</div>}
    </section>
  );
}
