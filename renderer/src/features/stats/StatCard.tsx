// A titled card of the Stats view.
import type { ReactNode } from 'react';

interface StatCardProps {
  title: string;
  aside?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

export function StatCard({ title, aside, wide = false, children }: StatCardProps) {
  return (
    <section className={`stat-card ${wide ? 'stat-card-wide' : ''}`} aria-label={title}>
      <header className="stat-card-head">
        <h3 className="stat-card-title">{title}</h3>
        {aside != null && <div className="stat-card-aside">{aside}</div>}
      </header>
      {children}
    </section>
  );
}
