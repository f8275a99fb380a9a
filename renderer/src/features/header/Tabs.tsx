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
      {VIEWS.map((v) => {
        const badge = info && v.badge ? v.badge(info) : null;
        return (
          <button key={v.id} type="button" role="tab" aria-selected={view === v.id} className={`tab ${view === v.id ? 'tab-active' : ''}`} onClick={() => setView(v.id)}>
            {v.label}
            {badge != null && <span className="tab-badge">{formatCount(badge)}</span>}
          </button>
        );
      })}
    </nav>
  );
}
