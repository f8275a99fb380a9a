// App name, which store is open (path, revision), who is ruling, settings.
// A narrow window shortens the store path first (in the middle: its folder,
// then its file name), then the policy; the browser-mode badge and the
// engineer's name (up to a long one's end) stay whole.
import { connection } from '../../api/client';
import { oneLine, policyLong, policyShort, splitPath } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useUiStore } from '../../stores/ui-store';
import { EngineerBadge } from './EngineerBadge';
import { Tabs } from './Tabs';

export function Header() {
  const info = useInfoStore((s) => s.info);
  const openOverlay = useUiStore((s) => s.openOverlay);
  return (
    <header className="app-header">
      <div className="brand" title="ATLAS Adjudicator">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        <span className="brand-name">ATLAS Adjudicator</span>
      </div>
      <Tabs />
      {info && (
        <div className="store-meta">
          <StorePath path={info.store_path} />
          <span className="meta-item" title="Revision of the base dataset">
            <span className="meta-label">rev</span> {oneLine(info.revision ?? 'none')}
          </span>
          <button
            type="button"
            className="meta-item meta-button meta-policy"
            title={`${policyLong(info.policy)} Click to change.`}
            onClick={() => openOverlay('settings')}
          >
            <span className="meta-label">policy</span> {policyShort(info.policy)}
          </button>
        </div>
      )}
      {/* Outside the store's facts, which give way to a narrow window: this never does. */}
      {connection.mode === 'browser' && (
        <span
          className="meta-browser"
          title="Served to this browser by atlas-adjudicator on 127.0.0.1 (no desktop app)"
        >
          browser mode
        </span>
      )}
      <span className="spacer" />
      <button type="button" className="button button-quiet" onClick={() => openOverlay('import')}>
        Import…
      </button>
      <EngineerBadge />
      <button
        type="button"
        className="icon-button header-icon"
        title="Key map (?)"
        aria-label="Key map"
        onClick={() => openOverlay('help')}
      >
        ?
      </button>
      <button
        type="button"
        className="icon-button header-icon"
        title="Settings"
        aria-label="Settings"
        onClick={() => openOverlay('settings')}
      >
        ⚙
      </button>
    </header>
  );
}

/** The store's path, whole in the page and its tooltip; on screen it gives way in the middle. */
function StorePath({ path }: { path: string }) {
  const shown = oneLine(path);
  const { dir, name } = splitPath(shown);
  return (
    <span className="meta-item meta-store" title={`Store: ${shown}`}>
      <span className="meta-label">store</span>
      <span className="path-text">
        {dir !== '' && <span className="path-dir">{dir}</span>}
        <span className="path-name">{name}</span>
      </span>
    </span>
  );
}
