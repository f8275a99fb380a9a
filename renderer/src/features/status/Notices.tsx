// Short-lived messages (saved, retracted, errors), in the status bar between
// the counts and the keys hint, newest first: over nothing, so no grid row or
// table row is hidden while one shows. A line too long for the bar is cut,
// whole in its title.
import { shownText } from '../../lib/format';
import { useUiStore } from '../../stores/ui-store';

export function Notices() {
  const notices = useUiStore((s) => s.notices);
  const dismiss = useUiStore((s) => s.dismiss);
  return (
    <div className="notices" aria-live="polite">
      {[...notices].reverse().map((n) => (
        <div
          key={n.id}
          className={`notice notice-${n.tone}`}
          role={n.tone === 'error' ? 'alert' : 'status'}
          title={shownText(n.text)}
          onClick={() => dismiss(n.id)}
        >
          {shownText(n.text)}
        </div>
      ))}
    </div>
  );
}
