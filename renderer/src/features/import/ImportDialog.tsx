// Import datasets, run directories, *.cells.jsonl, *.judges.jsonl, ruling logs and GitHub issue JSON: typed
// paths (browser mode), a native picker or dropped files (desktop app).
import { useEffect, useState } from 'react';
import type { PickKind } from '../../../../shared/host';
import { errorMessage, host } from '../../api/client';
import { clockTime } from '../../lib/format';
import { useImportStore } from '../../stores/import-store';
import { notify, useUiStore } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';
import { ImportProgress } from './ImportProgress';
import { ImportReportView } from './ImportReportView';
import { ImportFooter } from '../../ui/ImportFooter';

function parsePaths(text: string): string[] {
  return text
    .split('\n')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function ImportDialog() {
  const close = useUiStore((s) => s.closeOverlay);
  const pathsText = useImportStore((s) => s.pathsText);
  const setPathsText = useImportStore((s) => s.setPathsText);
  const addPaths = useImportStore((s) => s.addPaths);
  const job = useImportStore((s) => s.job);
  const starting = useImportStore((s) => s.starting);
  const report = useImportStore((s) => s.report);
  const error = useImportStore((s) => s.error);
  const finishedAt = useImportStore((s) => s.finishedAt);
  const startImport = useImportStore((s) => s.startImport);
  const cancel = useImportStore((s) => s.cancel);
  const running = job?.state === 'running';
  const paths = parsePaths(pathsText);
  const [replaceRuns, setReplaceRuns] = useState(false);

  const canImport = paths.length > 0 && !running && !starting;
  const submit = () => void startImport(paths, replaceRuns);

  const pick = async (kind: PickKind) => {
    try {
      const picked = (await host.pickPaths?.(kind)) ?? [];
      if (picked.length > 0) addPaths(picked);
    } catch (error) {
      notify(`Could not open the file picker: ${errorMessage(error)}`, 'error');
    }
  };

  return (
    <Modal
      title="Import"
      wide
      tall
      onClose={close}
      // Ctrl+Enter imports from the paths box, as the Import button does.
      onSubmit={canImport ? submit : null}
      footer={
        <ImportFooter
          running={running}
          starting={starting}
          onCancel={() => void cancel()}
          onClose={close}
          primary={{
            label: `Import ${paths.length > 0 ? `${paths.length} path${paths.length === 1 ? '' : 's'}` : ''}`.trim(),
            disabled: paths.length === 0,
            run: submit,
          }}
        />
      }
    >
      <p className="muted">
        Dataset files (JSONL or Parquet), harness run directories, <code>*.cells.jsonl</code>,{' '}
        <code>*.judges.jsonl</code>, other engineers’ ruling logs (<code>*.rulings.jsonl</code>) and users’ reports
        saved as GitHub issue JSON (the issues API or <code>gh issue list --json</code>). The kind of each is detected.
        An import is all or nothing per task: invalid tasks are skipped and listed below; importing the same source
        again changes nothing.
      </p>
      <div className="import-inputs">
        <PickButtons disabled={running} onPick={(kind) => void pick(kind)} />
        <span className="muted small">
          {host.pathForFile
            ? 'or drop files and folders anywhere on the window'
            : 'Dropping files needs the desktop app: in the browser, type the paths.'}
        </span>
      </div>
      <label className="field">
        <span className="field-label">
          Paths, one per line <span className="muted small">· Ctrl+Enter imports</span>
        </span>
        <textarea
          className="input mono paths-input"
          rows={5}
          data-autofocus=""
          spellCheck={false}
          disabled={running}
          placeholder={'/data/atlas/test.jsonl\n/data/runs/exa-atlas-3f2a1c\n/data/judges/round1.judges.jsonl'}
          value={pathsText}
          onChange={(e) => setPathsText(e.target.value)}
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={replaceRuns}
          disabled={running}
          onChange={(e) => setReplaceRuns(e.target.checked)}
        />
        Replace runs: a run of a system the store already has replaces it (a re-grade); without this it is refused
      </label>
      {running && job && <ImportProgress job={job} idle="Importing…" />}
      {(error != null || report != null) && !running && finishedAt != null && (
        <h3 className="section-title">Last import ({clockTime(finishedAt)})</h3>
      )}
      {error != null && !running && <div className="error-box">{error}</div>}
      {report && !running && <ImportReportView report={report} />}
    </Modal>
  );
}

/** Native pickers. Only macOS can pick files and folders in one dialog. */
function PickButtons({ disabled, onPick }: { disabled: boolean; onPick: (kind: PickKind) => void }) {
  const [platform, setPlatform] = useState<string | null>(null);
  useEffect(() => {
    host
      .platform?.()
      .then(setPlatform)
      .catch(() => setPlatform(null));
  }, []);
  if (!host.pickPaths) return null;
  if (platform === 'darwin') {
    return (
      <button type="button" className="button" disabled={disabled} onClick={() => onPick('any')}>
        Choose files or folders…
      </button>
    );
  }
  return (
    <>
      <button type="button" className="button" disabled={disabled} onClick={() => onPick('files')}>
        Choose files…
      </button>
      <button type="button" className="button" disabled={disabled} onClick={() => onPick('folders')}>
        Choose folders…
      </button>
    </>
  );
}
