// Step 1: export the settled rulings as an atlas-gold-patch/1 file for a
// revision. Exporting records the revision; the same tag with other changes
// is refused. The patch written becomes the one the next steps work on.
// The form starts on the next tag the history has not taken, the store's
// revision as base, and the patch beside the base dataset (or, once this
// session has written an output, in that folder). A refusal names the field
// as the form labels it (lib/field-errors.ts).
import { useEffect, useMemo, type FormEvent } from 'react';
import type { ExportResult } from '../../../../shared/api-types';
import { DEFAULT_BASE_REVISION } from '../../../../shared/patch';
import { errorMessage, host } from '../../api/client';
import { EXPORT_FIELD_LABELS, fieldErrorText } from '../../lib/field-errors';
import { formatCount, formatTime, oneLine } from '../../lib/format';
import { noteOutputPath } from '../../lib/output-folder';
import { useInfoStore } from '../../stores/info-store';
import { exportFormOf, useReleaseStore } from '../../stores/release-store';
import { notify } from '../../stores/ui-store';
import { ReplaceConfirm } from '../../ui/ReplaceConfirm';
import { PathText } from '../../ui/PathText';
import { LeftOutNotice } from './LeftOutNotice';

// The folder a patch was written to is where the next output goes by default
// this session (the next export, a ruling log), not back beside the dataset.
// Noted as the export lands, before the form shows its next default.
useReleaseStore.subscribe((state, previous) => {
  if (state.exported != null && state.exported !== previous.exported) noteOutputPath(state.exported.path);
});

export function ExportSection() {
  const info = useInfoStore((s) => s.info);
  const edits = useReleaseStore((s) => s.exportEdits);
  const setForm = useReleaseStore((s) => s.setExportForm);
  const dataset = useReleaseStore((s) => s.dataset);
  const setDataset = useReleaseStore((s) => s.setDataset);
  const revisions = useReleaseStore((s) => s.revisions);
  const loadRevisions = useReleaseStore((s) => s.loadRevisions);
  const busy = useReleaseStore((s) => s.exporting);
  const error = useReleaseStore((s) => s.exportError);
  const result = useReleaseStore((s) => s.exported);
  const runExport = useReleaseStore((s) => s.runExport);
  const job = useReleaseStore((s) => s.exportJob);
  const cancelExport = useReleaseStore((s) => s.cancelExport);
  const replaces = useReleaseStore((s) => s.exportReplaces);
  const keepExistingExport = useReleaseStore((s) => s.keepExistingExport);

  // The tags already taken: the suggestion skips them.
  useEffect(() => {
    if (revisions.result == null && !revisions.loading && revisions.error == null) void loadRevisions();
  }, [revisions.result, revisions.loading, revisions.error, loadRevisions]);

  const current = useMemo(
    () => exportFormOf({ exportEdits: edits, dataset, revisions }, info),
    [edits, dataset, revisions, info],
  );
  const update = (patch: Partial<typeof current>) => setForm(patch);
  const taken = revisions.result?.find((r) => r.tag === current.revision.trim()) ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void runExport();
  };

  const chooseOut = async () => {
    try {
      const path = await host.pickSavePath?.({ defaultName: `atlas-${current.revision.trim() || 'patch'}.patch.json` });
      if (path) update({ out: path });
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
  };

  const resolved = info?.counts.resolved ?? 0;
  return (
    <>
      <form className="card export-form" onSubmit={submit}>
        <h2>Export gold patch</h2>
        <p className="muted">
          Writes every settled ruling ({formatCount(resolved)} resolved disputes) as an <code>atlas-gold-patch/1</code>{' '}
          file and records the revision. The same store always gives the same bytes; a tag already exported with other
          changes is refused.
        </p>
        <div className="form-grid">
          <label className="field">
            <span className="field-label">Revision tag</span>
            <input
              className="input"
              required
              value={current.revision}
              onChange={(e) => update({ revision: e.target.value })}
              placeholder="v1.1"
            />
            {taken != null && (
              <span className="field-note warning-text" role="note">
                {oneLine(taken.tag)} is taken (exported {formatTime(taken.recorded_at)}): only the same changes can be
                exported under it again.
              </span>
            )}
          </label>
          <label className="field">
            <span className="field-label">Base revision</span>
            <input
              className="input"
              value={current.baseRevision}
              onChange={(e) => update({ baseRevision: e.target.value })}
              placeholder={info?.revision ?? DEFAULT_BASE_REVISION}
            />
          </label>
          <div className="field field-wide">
            <label className="field-label" htmlFor="export-out">
              Output file
            </label>
            <div className="input-row">
              <input
                id="export-out"
                className="input mono"
                required
                value={current.out}
                onChange={(e) => update({ out: e.target.value })}
                placeholder="/path/to/atlas-v1.1.patch.json"
                spellCheck={false}
              />
              {host.pickSavePath && (
                <button type="button" className="button" onClick={() => void chooseOut()}>
                  Choose…
                </button>
              )}
            </div>
          </div>
          <label className="field field-wide">
            <span className="field-label">Base dataset file (optional, for its checksum; also what Apply revises)</span>
            <input
              id="export-dataset"
              className="input mono"
              value={dataset}
              onChange={(e) => setDataset(e.target.value)}
              placeholder="/path/to/atlas-test.jsonl"
              spellCheck={false}
            />
          </label>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={current.plaintext}
            onChange={(e) => update({ plaintext: e.target.checked })}
          />
          Write values in plain text
        </label>
        {current.plaintext && (
          <div className="warning">
            Plain text puts gold values, entity names and evidence in the file readable by anyone. Never commit a
            plain-text patch to a public repository — benchmark answers would leak.
          </div>
        )}
        {replaces != null && !busy && (
          <ReplaceConfirm
            label="Replace existing file"
            question={`This file exists and is not a patch for ${oneLine(current.revision.trim())}; exporting would replace it:`}
            paths={[replaces]}
            keepLabel="Keep it"
            replaceLabel="Replace and export"
            onKeep={keepExistingExport}
            onReplace={() => void runExport(true)}
          />
        )}
        <LeftOutNotice />
        {/* A refusal can list several disputes, one per line. */}
        {error != null && (
          <div className="error-box release-error multiline">
            Not exported: {fieldErrorText(error, EXPORT_FIELD_LABELS)}
          </div>
        )}
        <div className="form-actions">
          <span className="spacer" />
          {busy && job?.state === 'running' && (
            <>
              <span className="muted small">
                {job.message ? oneLine(job.message[0]!.toUpperCase() + job.message.slice(1)) : 'Starting'}…
              </span>
              <button type="button" className="button" onClick={() => void cancelExport()}>
                Cancel
              </button>
            </>
          )}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </form>
      {result && <ExportSummary result={result} />}
    </>
  );
}

export function ExportSummary({ result }: { result: ExportResult }) {
  const setSection = useReleaseStore((s) => s.setSection);
  return (
    <section className="card" aria-label="Patch written">
      <h2>Patch written</h2>
      <dl className="summary">
        <dt>File</dt>
        <dd>
          <PathText path={result.path} />
        </dd>
        <dt>Revision</dt>
        <dd>{oneLine(result.revision)}</dd>
        <dt>Operations</dt>
        <dd className="tabular">{formatCount(result.operations)}</dd>
        <dt>SHA-256</dt>
        <dd className="mono small">{result.sha256}</dd>
        <dt>Values</dt>
        <dd>
          {result.encrypted ? 'encrypted with each task’s canary' : <span className="warning-text">plain text</span>}
        </dd>
      </dl>
      <div className="form-actions">
        <span className="spacer" />
        <button type="button" className="button" onClick={() => setSection('review')}>
          Review its operations
        </button>
        <button type="button" className="button button-primary" onClick={() => setSection('preview')}>
          Preview scores →
        </button>
      </div>
    </section>
  );
}
