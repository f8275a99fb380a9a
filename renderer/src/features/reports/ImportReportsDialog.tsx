// Import users' gold-error reports: saved issue lists (typed paths, the native
// picker or files dropped on the window) or a repository's issues fetched live
// with the GitHub token, optionally by label. Progress, Cancel, and what came
// in: added, updated, unchanged, linked, unlinked, pull requests skipped.
import { useEffect } from 'react';
import type { ReportImportResult } from '../../../../shared/report-types';
import { errorMessage, host } from '../../api/client';
import { formatCount } from '../../lib/format';
import { jobProgressText } from '../../lib/jobs';
import { splitPaths, useReportsStore, type ImportSource } from '../../stores/reports-store';
import { notify, useUiStore } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';
import { ProgressBar } from '../../ui/ProgressBar';
import { Segmented } from '../../ui/Segmented';
import { SkippedTable } from '../../ui/SkippedTable';
import { ImportFooter } from '../../ui/ImportFooter';

const REPO = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/u;

export function ImportReportsDialog() {
  const close = useUiStore((s) => s.closeOverlay);
  const openOverlay = useUiStore((s) => s.openOverlay);
  const source = useReportsStore((s) => s.importSource);
  const pathsText = useReportsStore((s) => s.importPaths);
  const repo = useReportsStore((s) => s.importRepo);
  const label = useReportsStore((s) => s.importLabel);
  const job = useReportsStore((s) => s.importJob);
  const result = useReportsStore((s) => s.importResult);
  const error = useReportsStore((s) => s.importError);
  const token = useReportsStore((s) => s.token);
  const setImport = useReportsStore((s) => s.setImport);
  const addImportPaths = useReportsStore((s) => s.addImportPaths);
  const startImport = useReportsStore((s) => s.startImport);
  const cancelImport = useReportsStore((s) => s.cancelImport);
  const loadToken = useReportsStore((s) => s.loadToken);
  const running = job?.state === 'running';
  const starting = useReportsStore((s) => s.importStarting);
  const paths = splitPaths(pathsText);
  const repoOk = REPO.test(repo.trim());
  const ready = source === 'files' ? paths.length > 0 : repoOk;

  useEffect(() => {
    void loadToken();
  }, [loadToken]);

  const pick = async () => {
    try {
      const picked = (await host.pickPaths?.('files')) ?? [];
      if (picked.length > 0) addImportPaths(picked);
    } catch (err) {
      notify(`Could not open the file picker: ${errorMessage(err)}`, 'error');
    }
  };

  return (
    <Modal
      title="Import GitHub reports"
      wide
      tall
      onClose={close}
      footer={
        <ImportFooter
          running={running}
          starting={starting}
          onCancel={() => void cancelImport()}
          onClose={close}
          primary={{
            label:
              source === 'files'
                ? `Import ${paths.length > 0 ? `${paths.length} file${paths.length === 1 ? '' : 's'}` : ''}`.trim()
                : `Fetch ${repoOk ? repo.trim() : 'issues'}`,
            disabled: !ready,
            run: () => void startImport(),
          }}
        />
      }
    >
      <p className="muted">
        Users report gold errors as GitHub issues (task id, row, column and a source). Each report is parsed, then
        attached to the dispute for its cell or row — or becomes a <em>report</em> dispute. Importing again updates
        edited or closed issues and duplicates nothing; your fixes and links are kept.
      </p>
      <Segmented<ImportSource>
        label="Where the reports come from"
        value={source}
        disabled={running}
        options={[
          { value: 'files', text: 'Saved issue files' },
          { value: 'repo', text: 'Live from GitHub' },
        ]}
        onChange={(importSource) => setImport({ importSource })}
      />
      {source === 'files' ? (
        <>
          <div className="import-inputs">
            {host.pickPaths && (
              <button type="button" className="button" disabled={running} onClick={() => void pick()}>
                Choose files…
              </button>
            )}
            <span className="muted small">
              {host.pathForFile
                ? 'or drop issue files anywhere on the window'
                : 'In the browser, type the paths (dropping files needs the desktop app).'}
            </span>
          </div>
          <label className="field">
            <span className="field-label">
              Issue files, one path a line — a saved <code>GET /repos/OWNER/NAME/issues</code> response (one page or an
              array of pages) or <code>gh issue list --json number,title,body,url,author,labels,state,createdAt</code>
            </span>
            <textarea
              className="input mono paths-input"
              rows={4}
              data-autofocus=""
              spellCheck={false}
              disabled={running}
              placeholder={'/data/atlas/issues.json'}
              value={pathsText}
              onChange={(e) => setImport({ importPaths: e.target.value })}
            />
          </label>
        </>
      ) : (
        <>
          <div className="form-grid form-grid-tight">
            <label className="field">
              <span className="field-label">Repository (OWNER/NAME)</span>
              <input
                className="input mono"
                data-autofocus=""
                placeholder="exa-ai/ATLAS"
                value={repo}
                spellCheck={false}
                disabled={running}
                onChange={(e) => setImport({ importRepo: e.target.value })}
              />
            </label>
            <label className="field">
              <span className="field-label">Label (optional)</span>
              <input
                className="input"
                placeholder="gold-error"
                value={label}
                spellCheck={false}
                disabled={running}
                onChange={(e) => setImport({ importLabel: e.target.value })}
              />
            </label>
          </div>
          {repo.trim() !== '' && !repoOk && <div className="error-text small">Give the repository as OWNER/NAME.</div>}
          <p className="muted small">
            {token?.configured
              ? `Uses the GitHub token (${token.source === 'env' ? 'GITHUB_TOKEN' : token.source === 'keychain' ? 'OS keychain' : 'this session'}). `
              : 'No GitHub token: public repositories only, at GitHub’s low anonymous rate limit. '}
            Pull requests are skipped; every page is followed; when the rate limit runs out the import waits if the
            reset is near, else stops and says when to retry.{' '}
            <button type="button" className="link-button" onClick={() => openOverlay('settings')}>
              Token settings
            </button>
          </p>
        </>
      )}
      {running && job && (
        <div className="job-progress">
          <div className="job-line">
            <span>{jobProgressText(job)}</span>
            <span className="tabular">
              {job.done > 0 ? `${formatCount(job.done)} page${job.done === 1 ? '' : 's'}` : ''}
            </span>
          </div>
          <ProgressBar done={0} total={0} />
        </div>
      )}
      {error != null && !running && <div className="error-box">{error}</div>}
      {result && !running && <ReportImportView result={result} />}
    </Modal>
  );
}

/**
 * What a reports import brought in. `skipped: false` leaves its skipped issues
 * to the caller: the data import lists them in its own one skipped table.
 */
export function ReportImportView({ result, skipped = true }: { result: ReportImportResult; skipped?: boolean }) {
  const figures: [string, number, string?][] = [
    ['added', result.added],
    ['updated', result.updated],
    ['unchanged', result.unchanged],
    ['linked', result.linked, 'of the added and updated: attached to a dispute'],
    ['unlinked', result.unlinked, 'of the added and updated: waiting in the unlinked list'],
    ['pull requests skipped', result.pull_requests],
  ];
  if (result.pages != null) figures.push(['pages', result.pages]);
  return (
    <div className="import-report" aria-label="Reports imported">
      <div className="figures">
        {figures.map(([name, n, title]) => (
          <div key={name} className={`figure ${name === 'unlinked' && n > 0 ? 'figure-warn' : ''}`} title={title}>
            <span className="figure-n tabular">{formatCount(n)}</span>
            <span className="figure-label">{name}</span>
          </div>
        ))}
      </div>
      {result.added + result.updated === 0 && (
        <p className="muted">Nothing new: every issue was already imported as it is.</p>
      )}
      {skipped && <SkippedTable skipped={result.skipped} />}
    </div>
  );
}
