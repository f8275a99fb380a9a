// An on/off filter drawn as a pressed button with a tick box ("Needs my
// ruling", "Has report", "Unlinked only").
import type { ReactNode } from 'react';

interface ToggleButtonProps {
  on: boolean;
  label: string;
  title?: string;
  onToggle: () => void;
  children?: ReactNode;
}

export function ToggleButton({ on, label, title, onToggle, children }: ToggleButtonProps) {
  return (
    <button
      type="button"
      className={`toggle ${on ? 'toggle-on' : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={title}
      onClick={onToggle}
    >
      <span className="toggle-box" aria-hidden="true">
        {on ? '✓' : ''}
      </span>
      {children ?? <span>{label}</span>}
    </button>
  );
}
