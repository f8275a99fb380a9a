// An empty store: offer the demo workspace or an import instead of an empty grid.
import { useImportStore } from '../../stores/import-store';
import { useUiStore } from '../../stores/ui-store';
import { ImportProgress } from './ImportProgress';

export function Welcome() {
  const job = useImportStore((s) => s.job);
  const error = useImportStore((s) => s.error);
  const loadDemo = useImportStore((s) => s.loadDemo);
  const cancel = useImportStore((s) => s.cancel);
  const openOverlay = useUiStore((s) => s.openOverlay);
  const running = job?.state === 'running';
  return (
    <div className="welcome">
      <div className="welcome-card">
        <h1>Nothing to adjudicate yet</h1>
        <p>
          This store is empty. Load the demo workspace to try the tool on generated runs (including the Zelda remakes
          task from the ATLAS announcement), or import a dataset and graded runs.
        </p>
        <div className="welcome-actions">
          <button
            type="button"
            className="button button-primary button-large"
            disabled={running}
            onClick={() => void loadDemo()}
          >
            Load demo workspace
          </button>
          <button
            type="button"
            className="button button-large"
            disabled={running}
            onClick={() => openOverlay('import')}
          >
            Import…
          </button>
        </div>
        {running && job && <ImportProgress job={job} idle="Loading…" onCancel={() => void cancel()} />}
        {error != null && !running && <div className="error-box">{error}</div>}
        <p className="muted small">
          Or from a terminal: <code>npx atlas-adjudicator import PATH…</code>
        </p>
      </div>
    </div>
  );
}
