// Step 4: apply the patch to the dataset file — base checksum and every
// operation's `from` verified first, the whole patch refused on any mismatch
// (each one listed) — writing the revised dataset and CHANGELOG.md. A job:
// progress and Cancel; an interrupted apply leaves no partial output.
import type { FormEvent } from 'react';
import type { ApplyRefusal } from '../../../../shared/api-types';
import type { ApplyResult } from '../../../../shared/revision-types';
import { errorMessage, host } from '../../api/client';
import { formatCount, oneLine } from '../../lib/format';
import { jobProgressText } from '../../lib/jobs';
import { mismatchReason } from '../../../../shared/patch-mismatch';
import { OP_LABELS } from './release-data';
import { rowLabel } from '../../lib/row-picker';
import { selectJobRunning, useImportStore } from '../../stores/import-store';
import { useInfoStore } from '../../stores/info-store';
import { applyFormOf, useReleaseStore } from '../../stores/release-store';
import { notify } from '../../stores/ui-store';
import { ProgressBar } from '../../ui/ProgressBar';
import { PatchBar } from './PatchBar';
import { applyBlocker } from './release-defaults';
import { ReplaceConfirm } from '../../ui/ReplaceConfirm';
import { PathText } from '../../ui/PathText';

export function ApplySection() {
  const dataset = useReleaseStore((s) => s.dataset);
  const setDataset = useReleaseStore((s) => s.setDataset);
  const patchPath = useReleaseStore((s) => s.patchPath);
  const patchCheck = useReleaseStore((s) => s.patchCheck);
  // Sensible defaults beside the inputs, once they are known: data/atlas-test.v1.1.jsonl (the revision from the
  // export, the history, or the patch file itself), CHANGELOG.md next to it. Typing replaces them.
  const edits = useReleaseStore((s) => s.applyForm);
  const patchRevision = useReleaseStore((s) => s.patchRevision);
  const form = applyFormOf({ applyForm: edits, dataset, patchRevision });
  const setForm = useReleaseStore((s) => s.setApplyForm);
  const job = useReleaseStore((s) => s.applyJob);
  const applied = useReleaseStore((s) => s.applied);
  const error = useReleaseStore((s) => s.applyError);
  // The failed job's own status says why, as data.
  const refusal = useReleaseStore((s) => (s.applyJob?.state === 'failed' ? (s.applyJob.refusal ?? null) : null));
  const startApply = useReleaseStore((s) => s.startApply);
  const replaces = useReleaseStore((s) => s.applyReplaces);
  const keepExistingOutputs = useReleaseStore((s) => s.keepExistingOutputs);
  const cancelApply = useReleaseStore((s) => s.cancelApply);
  const running = job?.state === 'running';
  const starting = useReleaseStore((s) => s.applyStarting);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void startApply();
  };

  const pick = async (target: 'dataset') => {
    try {
      const [path] = (await host.pickPaths?.('files')) ?? [];
      if (path && target === 'dataset') setDataset(path);
    } catch (err) {
      notify(`Could not open the file picker: ${errorMessage(err)}`, 'error');
    }
  };
  const pickSave = async (target: 'out' | 'changelog') => {
    try {
      const path = await host.pickSavePath?.({
        defaultName: target === 'out' ? 'atlas-test.revised.jsonl' : 'CHANGELOG.md',
      });
      if (path && target === 'out') setForm({ out: path });
      else if (path) setForm({ changelog: path });
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
  };

  // Why Apply patch is greyed out, said beside it.
  const blocker = applyBlocker({ dataset, patchPath, out: form.out, check: patchCheck });
  return (
    <>
      <PatchBar />
      <form className="card card-wide apply-form" onSubmit={submit} aria-label="Apply the patch">
        <h2>Apply to the dataset</h2>
        <p className="muted">
          Checks the dataset against the patch’s base checksum and every operation’s <code>from</code>; any mismatch
          refuses the whole patch. Writes the revised dataset in the same format (JSONL or Parquet), gold re-encrypted
          with each task’s canary, untouched rows byte-identical; and <code>CHANGELOG.md</code> — task, row, column,
          operation, “Fixes #N” — with no gold value.
        </p>
        <div className="form-grid">
          <div className="field field-wide">
            <label className="field-label" htmlFor="apply-dataset">
              Dataset file (the patch’s base, JSONL or Parquet)
            </label>
            <div className="input-row">
              <input
                id="apply-dataset"
                className="input mono"
                required
                value={dataset}
                disabled={running}
                onChange={(e) => setDataset(e.target.value)}
                placeholder="/path/to/atlas-test.jsonl"
                spellCheck={false}
              />
              {host.pickPaths && (
                <button type="button" className="button" onClick={() => void pick('dataset')}>
                  Choose…
                </button>
              )}
            </div>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="apply-out">
              Revised dataset (output)
            </label>
            <div className="input-row">
              <input
                id="apply-out"
                className="input mono"
                required
                value={form.out}
                disabled={running}
                onChange={(e) => setForm({ out: e.target.value })}
                placeholder="/path/to/atlas-test.v1.1.jsonl"
                spellCheck={false}
              />
              {host.pickSavePath && (
                <button type="button" className="button" onClick={() => void pickSave('out')}>
                  Choose…
                </button>
              )}
            </div>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="apply-changelog">
              Changelog (optional)
            </label>
            <div className="input-row">
              <input
                id="apply-changelog"
                className="input mono"
                value={form.changelog}
                disabled={running}
                onChange={(e) => setForm({ changelog: e.target.value })}
                placeholder="/path/to/CHANGELOG.md"
                spellCheck={false}
              />
              {host.pickSavePath && (
                <button type="button" className="button" onClick={() => void pickSave('changelog')}>
                  Choose…
                </button>
              )}
            </div>
          </div>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.plaintext}
            disabled={running}
            onChange={(e) => setForm({ plaintext: e.target.checked })}
          />
          Show values in mismatches (plain text)
        </label>
        {form.plaintext && (
          <div className="warning">
            A refusal will then name the expected and found gold values on screen. The revised dataset stays encrypted
            either way.
          </div>
        )}
        {/* Apply patch stays where it is, disabled while the job starts and runs, and Cancel comes up beside it:
            a button that turned into Cancel under the pointer would take a double click's second half as Cancel. */}
        <div className="form-actions">
          {blocker != null && !running && !starting ? (
            <span className="apply-blocker muted small" role="status" title={blocker}>
              {oneLine(blocker)}
            </span>
          ) : null}
          <span className="spacer" />
          {running ? (
            <button type="button" className="button" onClick={() => void cancelApply()}>
              Cancel
            </button>
          ) : null}
          <button type="submit" className="button button-primary" disabled={blocker != null || running || starting}>
            {running || starting ? 'Applying…' : 'Apply patch'}
          </button>
        </div>
        {replaces && !running && (
          <ReplaceConfirm
            label="Replace existing files"
            question={
              replaces.length === 1
                ? 'This file exists and would be replaced:'
                : 'These files exist and would be replaced:'
            }
            paths={replaces}
            keepLabel="Keep them"
            replaceLabel="Replace and apply"
            onKeep={keepExistingOutputs}
            onReplace={() => void startApply(true)}
          />
        )}
        {job && (job.state === 'running' || job.state === 'done') && (
          <div className="job-progress apply-progress" aria-label="Apply progress">
            <div className="job-line">
              <span className="job-state">{job.state === 'done' ? 'done' : jobProgressText(job)}</span>
              <span className="tabular">
                {job.total > 0 ? `${Math.round((Math.min(job.done, job.total) / job.total) * 100)}%` : ''}
              </span>
            </div>
            <ProgressBar done={job.state === 'done' ? 1 : job.done} total={job.state === 'done' ? 1 : job.total} />
          </div>
        )}
      </form>
      {error != null &&
        !running &&
        (refusal ? (
          <ApplyRefused refusal={refusal} />
        ) : (
          <div className="error-box release-error">Not applied: {error}</div>
        ))}
      {applied && !running && <ApplySummary result={applied} />}
    </>
  );
}

function ApplySummary({ result }: { result: ApplyResult }) {
  const kinds = Object.entries(result.operations.by_kind).filter(([, n]) => (n ?? 0) > 0) as [
    keyof typeof OP_LABELS,
    number,
  ][];
  return (
    <section className="card card-wide apply-result" aria-label="Revised dataset written">
      <h2>Revised dataset written</h2>
      <dl className="summary">
        <dt>Output</dt>
        <dd>
          <PathText path={result.out} />
        </dd>
        <dt>Revision</dt>
        <dd>
          {oneLine(result.revision)} on {oneLine(result.base_revision)} · {result.format}
        </dd>
        <dt>SHA-256</dt>
        <dd className="mono small">{result.sha256}</dd>
        <dt>Size</dt>
        <dd className="tabular">{formatCount(result.bytes)} bytes</dd>
        <dt>Base</dt>
        <dd>
          {!result.base_verified ? (
            <span className="warning-text">
              the patch names no base checksum: only the operations’ “from” guarded it
            </span>
          ) : result.base_form === 'gold' ? (
            'the base in another format: its gold checksum verified'
          ) : (
            'checksum verified'
          )}
        </dd>
        <dt>Tasks changed</dt>
        <dd className="tabular">
          {formatCount(result.tasks.changed)} of {formatCount(result.tasks.total)}
        </dd>
        <dt>Operations</dt>
        <dd>
          <span className="tabular">{formatCount(result.operations.total)}</span>
          <span className="op-kinds">
            {kinds.map(([kind, n]) => (
              <span key={kind} className={`chip op-chip op-${kind}`}>
                {OP_LABELS[kind]} × {n}
              </span>
            ))}
          </span>
        </dd>
        {result.superseded.length > 0 && (
          <>
            <dt>Superseded</dt>
            <dd>
              {result.superseded.length} operation{result.superseded.length === 1 ? '' : 's'} on removed rows (#
              {result.superseded.join(', #')}): the removal wins
            </dd>
          </>
        )}
        <dt>Changelog</dt>
        <dd>
          {result.changelog != null ? (
            <PathText path={result.changelog} />
          ) : (
            <span className="value-muted">not written</span>
          )}
        </dd>
      </dl>
      <ImportAsBase result={result} />
    </section>
  );
}

/** The loop's next step: the revised dataset becomes the store's base (its disputes settle by this revision). */
function ImportAsBase({ result }: { result: ApplyResult }) {
  const importAsBase = useReleaseStore((s) => s.importAsBase);
  const importing = useImportStore((s) => s.starting || selectJobRunning(s));
  const info = useInfoStore((s) => s.info);
  const imported = info != null && info.dataset_path === result.out && info.revision === result.revision;
  return (
    <div className="form-actions apply-next">
      {imported ? (
        <span className="chip chip-fresh" role="status">
          Imported: the store’s base is now {oneLine(result.revision)}
        </span>
      ) : (
        <span className="muted small">
          Next: import it as the store’s base, so the disputes it settles are marked resolved by{' '}
          {oneLine(result.revision)}.
        </span>
      )}
      <span className="spacer" />
      {!imported && (
        <button
          type="button"
          className="button button-primary"
          disabled={importing}
          onClick={() => void importAsBase()}
        >
          {importing ? 'Importing…' : 'Import as the new base…'}
        </button>
      )}
    </div>
  );
}

/** A refused apply: the base mismatch and every mismatching operation, one a line. */
function ApplyRefused({ refusal }: { refusal: ApplyRefusal }) {
  return (
    <section className="card card-wide apply-refused" role="alert" aria-label="Patch refused">
      <h2>Patch refused — nothing was written</h2>
      {refusal.base != null && (
        <p className="error-text">
          This dataset file is not the patch’s base: the patch was made on a file with sha256{' '}
          <span className="mono">{refusal.base.expected.slice(0, 12)}…</span>; this file’s is{' '}
          <span className="mono">{refusal.base.found.slice(0, 12)}…</span>.
          {refusal.base.byGold === true
            ? ' Nor is it the base in another format (JSONL or Parquet): its tasks’ gold differs from the base’s.'
            : ''}
        </p>
      )}
      {refusal.mismatches.length > 0 && (
        <>
          <p>
            {refusal.mismatches.length} operation{refusal.mismatches.length === 1 ? ' does' : 's do'} not match the
            dataset:
          </p>
          <table className="data-table mismatch-table">
            <thead>
              <tr>
                <th className="num">Op</th>
                <th>Change</th>
                <th>Task</th>
                <th className="num">Row</th>
                <th>Column</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {refusal.mismatches.map((m) => (
                <tr key={m.index}>
                  <td className="num mono">#{m.index + 1}</td>
                  <td>{OP_LABELS[m.op]}</td>
                  <td className="mono small">{oneLine(m.task_id)}</td>
                  <td className="num" title={`row index ${m.row} (0-based, as in the patch)`}>
                    {rowLabel(m.row)}
                  </td>
                  <td>{m.column != null ? oneLine(m.column) : <span className="value-muted">whole row</span>}</td>
                  <td>{oneLine(mismatchReason(m))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
