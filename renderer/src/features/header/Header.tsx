// App name, which store is open (path, revision), who is ruling, settings.
import { connection } from '../../api/client';
import { policyLong, policyShort, shortPath } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useUiStore } from '../../stores/ui-store';
import { EngineerBadge } from './EngineerBadge';
import { Tabs } from './Tabs';

export function Header() {
  const info = useInfoStore((s) => s.info);
  const openOverlay = useUiStore((s) => s.openOverlay);
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        ATLAS Adjudicator
      </div>
      <Tabs />
      {info && (
        <div className="store-meta">
          <span className="meta-item" title={info.store_path}>
            <span className="meta-label">store</span> {shortPath(info.store_path)}
          </span>
          <span className="meta-item">
            <span className="meta-label">rev</span> {info.revision ?? 'none'}
          </span>
          <button type="button" className="meta-item meta-button" title={`${policyLong(info.policy)} Click to change.`} onClick={() => openOverlay('settings')}>
            <span className="meta-label">policy</span> {policyShort(info.policy)}
          </button>
          {connection.mode === 'browser' && <span className="meta-item meta-browser">browser mode</span>}
        </div>
      )}
      <span className="spacer" />
      <button type="button" className="button button-quiet" onClick={() => openOverlay('import')}>
        Import…
      </button>
      <EngineerBadge />
      <button type="button" className="icon-button header-icon" title="Key map (?)" aria-label="Key map" onClick={() => openOverlay('help')}>
        ?
      </button>
      <button type="button" className="icon-button header-icon" title="Settings" aria-label="Settings" onClick={() => openOverlay('settings')}>
        ⚙
      </button>
    </header>
  );
}
