// A value from the data, or the muted word that stands for its absence.
import type { Display } from '../lib/format';

export function ValueText({ display, className = '' }: { display: Display; className?: string }) {
  return (
    <span
      className={`value value-${display.tone} ${className}`}
      title={display.tone === 'value' ? display.text : undefined}
    >
      {display.text}
    </span>
  );
}
