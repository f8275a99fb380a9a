// Short-lived messages (saved, retracted, errors), bottom right.
import { shownText } from '../../lib/format';
import { useUiStore } from '../../stores/ui-store';

export function Notices() {
  const notices = useUiStore((s) => s.notices);
  const dismiss = useUiStore((s) => s.dismiss);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.tone}`} role={n.tone === 'error' ? 'alert' : 'status'} onClick={() => dismiss(n.id)}>
          {shownText(n.text)}
        </div>
      ))}
    </div>
  );
}
