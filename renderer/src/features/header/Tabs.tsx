// The views' tabs. Alt+1 … Alt+6 show them too (lib/keys.ts). A tab hands
// the keyboard back to the page once pressed: left focused, it would take the
// next Enter again instead of the view (open the report, save the ruling).
import { VIEWS } from '../../app/views';
import { formatCount } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useUiStore } from '../../stores/ui-store';

export function Tabs() {
  const view = useUiStore((s) => s.view);
  const setView = useUiStore((s) => s.setView);
  const info = useInfoStore((s) => s.info);
  return (
    <nav className="tabs" role="tablist">
      {VIEWS.map((v, i) => {
        const badge = info && v.badge ? v.badge(info) : null;
        return (
          <button
            key={v.id}
            type="button"
            role="tab"
            aria-selected={view === v.id}
            className={`tab ${view === v.id ? 'tab-active' : ''}`}
            title={`${v.label} (Alt+${i + 1})`}
            aria-keyshortcuts={`Alt+${i + 1}`}
            onClick={(e) => {
              e.currentTarget.blur();
              setView(v.id);
            }}
          >
            {v.label}
            {badge != null && <span className="tab-badge">{formatCount(badge)}</span>}
          </button>
        );
      })}
    </nav>
  );
}
