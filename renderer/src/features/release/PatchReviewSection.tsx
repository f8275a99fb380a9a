// Step 3: review before release — every operation of the patch decrypted
// (inside the app only): task, row, entity, column, from → to, rulings,
// evidence and the issues it fixes; filter by task, kind of change or text.
import { Fragment, useMemo } from 'react';
import type { PatchReviewOperation } from '../../../../shared/revision-types';
import { formatCount, formatTime, oneLine } from '../../lib/format';
import { filterOperations, OP_KINDS, OP_LABELS, stateText } from './release-data';
import { rowLabel } from '../../lib/row-picker';
import { useReleaseStore } from '../../stores/release-store';
import { SourceList } from '../dispute/SourceLink';
import { DryRunBar, DryRunNote } from './DryRun';
import { PatchBar } from './PatchBar';

export function PatchReviewSection() {
  const review = useReleaseStore((s) => s.review);
  const runReview = useReleaseStore((s) => s.runReview);
  const runDraftReview = useReleaseStore((s) => s.runDraftReview);
  return (
    <>
      <PatchBar
        action={{
          label: review.result && review.path !== null ? 'Reload' : 'Review operations',
          busy: review.loading,
          run: () => void runReview(),
        }}
      />
      <DryRunBar label="Review settled rulings" busy={review.loading} run={() => void runDraftReview()} />
      {review.error != null && <div className="error-box release-error">Could not read the patch: {review.error}</div>}
      {!review.result && !review.loading && review.error == null && (
        <p className="muted release-hint">
          Review the settled rulings, or give a patch file, to list every operation it makes, decrypted for review.
        </p>
      )}
      {review.result && <ReviewResult />}
    </>
  );
}

function ReviewResult() {
  const result = useReleaseStore((s) => s.review.result)!;
  const filter = useReleaseStore((s) => s.reviewFilter);
  const setFilter = useReleaseStore((s) => s.setReviewFilter);
  const tasks = useMemo(() => [...new Set(result.operations.map((o) => o.task_id))].sort(), [result]);
  const kinds = useMemo(() => OP_KINDS.filter((k) => result.operations.some((o) => o.op === k)), [result]);
  const shown = useMemo(() => filterOperations(result.operations, filter), [result, filter]);
  const failed = result.operations.filter((o) => o.error != null).length;
  return (
    <section className="card card-wide" aria-label="Patch operations">
      <div className="card-head">
        <h2>
          {result.dry_run ? 'Settled rulings, not exported' : oneLine(result.revision)}{' '}
          <span className="muted">on {oneLine(result.base_revision)}</span>
        </h2>
        <span className="muted small">
          by {oneLine(result.created_by)}
          {result.created_at ? ` · latest ruling ${formatTime(result.created_at)}` : ''} ·{' '}
          {result.dry_run ? 'dry run, no file' : result.encrypted ? 'encrypted patch' : 'plain-text patch'}
        </span>
      </div>
      {result.dry_run && <DryRunNote operations={result.operations.length} />}
      <div className="notice-inline notice-plain" role="note">
        Decrypted here for review: values, entity names and evidence are shown only inside the app
        {result.encrypted ? '; the patch file itself stays encrypted' : ''}.
      </div>
      {failed > 0 && (
        <div className="error-box">
          {failed} operation{failed === 1 ? '' : 's'} could not be decrypted (task not in this store, or a different
          canary).
        </div>
      )}
      <div className="review-filters" role="search">
        <label className="filter-select">
          <span className="filter-label">Task</span>
          <select className="select" value={filter.task} onChange={(e) => setFilter({ task: e.target.value })}>
            <option value="">all ({tasks.length})</option>
            {tasks.map((t) => (
              <option key={t} value={t}>
                {oneLine(t)}
              </option>
            ))}
          </select>
        </label>
        <label className="filter-select">
          <span className="filter-label">Change</span>
          <select
            className="select"
            value={filter.op}
            onChange={(e) => setFilter({ op: e.target.value as typeof filter.op })}
          >
            <option value="">all</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {OP_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <input
          className="input search-input"
          type="search"
          aria-label="Filter operations"
          placeholder="Filter: entity, value, #…"
          value={filter.text}
          spellCheck={false}
          onChange={(e) => setFilter({ text: e.target.value })}
        />
        <span className="spacer" />
        <span className="muted small">
          {formatCount(shown.length)} of {formatCount(result.operations.length)} operations
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="muted">No operation matches.</p>
      ) : (
        <div className="score-table-scroll">
          <table className="data-table ops-table" aria-label="Operations">
            <thead>
              <tr>
                <th className="num">#</th>
                <th>Task</th>
                <th className="num">Row</th>
                <th>Entity</th>
                <th>Column</th>
                <th>Change</th>
                <th>From → to</th>
                <th>Rulings · evidence · issues</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((op) => (
                <OperationRow key={op.index} op={op} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** An id such as "atlas/0009:brightwater coast breweries" may wrap after its "/" and ":" as between words. */
function BreakableId({ id }: { id: string }) {
  const parts = id.split(/(?<=[/:])/u);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function StateCell({ state }: { state: PatchReviewOperation['from'] }) {
  const t = stateText(state);
  return (
    <span className="op-state">
      <span className={t.tone === 'muted' ? 'value-muted' : 'value value-value'}>{oneLine(t.text)}</span>
      {t.extra != null && <span className="muted small"> {oneLine(t.extra)}</span>}
    </span>
  );
}

function OperationRow({ op }: { op: PatchReviewOperation }) {
  return (
    <tr className={op.error != null ? 'op-error' : ''}>
      <td className="num mono muted" title="its place among the patch's operations, counted from 1">
        {op.index + 1}
      </td>
      <td className="mono small op-task">
        <BreakableId id={oneLine(op.task_id)} />
      </td>
      <td className="num" title={`row index ${op.row} (0-based, as in the patch)`}>
        {rowLabel(op.row)}
      </td>
      <td className="op-entity">{op.entity != null ? oneLine(op.entity) : <span className="value-muted">—</span>}</td>
      <td className="op-column">
        {op.column != null ? oneLine(op.column) : <span className="value-muted">whole row</span>}
      </td>
      <td className="op-kind">
        <span className={`chip op-chip op-${op.op}`}>{OP_LABELS[op.op]}</span>
      </td>
      <td className="op-change">
        {op.error != null ? (
          <span className="error-text small">{op.error}</span>
        ) : (
          <>
            <StateCell state={op.from} />
            <span className="arrow"> → </span>
            <StateCell state={op.to} />
          </>
        )}
      </td>
      <td className="op-meta">
        <div className="small">
          {op.rulings.map((r, i) => (
            <span key={i} className="op-ruling" title={oneLine(r.at)}>
              {oneLine(r.engineer)} · {oneLine(r.decision.replace(/_/g, ' '))}
            </span>
          ))}
          {op.issues.map((n) => (
            <span key={n} className="chip chip-report">
              Fixes #{n}
            </span>
          ))}
        </div>
        <SourceList urls={op.evidence} />
      </td>
    </tr>
  );
}
