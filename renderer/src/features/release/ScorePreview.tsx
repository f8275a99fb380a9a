// Step 2: how the patch moves every imported run's scores (design.md §7.3):
// Discovery, Item and Row F1 before → after, rank before → after, the
// grader's own Row F1, cells that need an LLM regrade, tasks where this
// tool's recomputation differs from the grader. A chart of the Row F1 deltas.
import { Fragment, lazy, Suspense, useMemo, useState } from 'react';
import type { RescoreResult, SystemRescore } from '../../../../shared/revision-types';
import { formatCount, oneLine } from '../../lib/format';
import { deltaRows, formatDelta, formatF1, rankMove, runLabels, trend } from './release-data';
import { rowLabel } from '../../lib/row-picker';
import { useReleaseStore } from '../../stores/release-store';
import { ProgressBar } from '../../ui/ProgressBar';
import { DryRunBar, DryRunNote } from './DryRun';
import { PatchBar } from './PatchBar';
import type { DeltaChartRow } from './DeltaChart';

// ECharts is heavy: the chart loads when a preview is first shown.
const DeltaChart = lazy(() => import('./DeltaChart'));

export function ScorePreview() {
  const preview = useReleaseStore((s) => s.preview);
  const runPreview = useReleaseStore((s) => s.runPreview);
  const runDraftPreview = useReleaseStore((s) => s.runDraftPreview);
  const cancelled = useReleaseStore((s) => s.previewJob?.state === 'cancelled');
  return (
    <>
      <PatchBar
        action={{
          label: preview.result && preview.path !== null ? 'Preview again' : 'Preview scores',
          busy: preview.loading,
          run: () => void runPreview(),
        }}
      />
      <DryRunBar label="Preview settled rulings" busy={preview.loading} run={() => void runDraftPreview()} />
      {preview.error != null && <div className="error-box release-error">Could not preview: {preview.error}</div>}
      {preview.loading && <PreviewProgress />}
      {!preview.loading && cancelled && (
        <p className="muted release-hint">
          Preview cancelled; nothing was written.
          {preview.result ? ' The figures below are from the previous preview.' : ''}
        </p>
      )}
      {!preview.result && !preview.loading && preview.error == null && !cancelled && (
        <p className="muted release-hint">
          Preview the settled rulings, export a patch, or give a patch file, to see how it moves every imported run’s
          scores before anyone announces the revision.
        </p>
      )}
      {preview.result && <PreviewResult result={preview.result} stale={preview.loading} />}
    </>
  );
}

/** Recomputing every run's scores: how far, and a way out. */
function PreviewProgress() {
  const job = useReleaseStore((s) => s.previewJob);
  const cancel = useReleaseStore((s) => s.cancelPreview);
  const running = job?.state === 'running';
  return (
    <div className="job-progress preview-progress" aria-label="Preview progress">
      <div className="job-line">
        <span className="job-state">
          {job?.message.startsWith('checking')
            ? 'Checking the patch against gold…'
            : `Recomputing every run’s scores${job && job.total > 0 ? ` · ${formatCount(Math.min(job.done, job.total))} of ${formatCount(job.total)} tasks` : '…'}`}
        </span>
        <span className="spacer" />
        {running && (
          <button type="button" className="button button-small" onClick={() => void cancel()}>
            Cancel
          </button>
        )}
      </div>
      <ProgressBar done={job?.done ?? 0} total={job?.total ?? 0} />
    </div>
  );
}

function PreviewResult({ result, stale }: { result: RescoreResult; stale: boolean }) {
  // System and run names come from the runs: marked once here for the table and the chart.
  const labels = useMemo(
    () => new Map([...runLabels(result.systems)].map(([run, label]) => [run, oneLine(label)] as const)),
    [result],
  );
  const chartRows = useMemo<DeltaChartRow[]>(() => {
    const byRun = new Map(result.systems.map((s) => [s.run, s]));
    return deltaRows(result.systems).map((d) => ({
      ...d,
      label: labels.get(d.run) ?? oneLine(d.system),
      before: byRun.get(d.run)!.before.row_f1,
      after: byRun.get(d.run)!.after.row_f1,
    }));
  }, [result, labels]);
  const moved = chartRows.filter((r) => trend(r.rowDelta) !== 'flat').length;
  return (
    <div className={`preview ${stale ? 'preview-stale' : ''}`}>
      <div className="preview-figures figures">
        <Figure n={result.operations} label={result.operations === 1 ? 'operation' : 'operations'} />
        <Figure
          n={result.touched_tasks.length}
          label={result.touched_tasks.length === 1 ? 'task touched' : 'tasks touched'}
        />
        <Figure n={result.systems.length} label={result.systems.length === 1 ? 'run rescored' : 'runs rescored'} />
        <Figure n={moved} label="Row F1 moved" />
        <Figure
          n={result.needs_regrade}
          label={result.needs_regrade === 1 ? 'cell needs regrade' : 'cells need regrade'}
          warn={result.needs_regrade > 0}
        />
      </div>
      {result.dry_run && <DryRunNote operations={result.operations} />}
      <p className="muted small">
        {result.dry_run ? 'Settled rulings' : oneLine(result.revision)} on {oneLine(result.base_revision)}. Recomputed
        from the stored verdicts with the patched gold: deterministic rules re-checked, <code>llm_judge</code> cells the
        patch touches counted as needing a regrade (their “after” is provisional). This is this tool’s model of the
        grader, not the grader.
      </p>
      <MissingNote systems={result.systems} labels={labels} />
      <section className="card card-wide" aria-label="Change in Row F1 per system">
        <h2>Δ Row F1 per system</h2>
        <Suspense fallback={<div className="chart-placeholder muted">Loading chart…</div>}>
          <DeltaChart rows={chartRows} />
        </Suspense>
      </section>
      <section className="card card-wide" aria-label="Scores before and after">
        <h2>Scores before → after</h2>
        <ScoreTable systems={result.systems} labels={labels} />
      </section>
    </div>
  );
}

/** Runs without a result for tasks others have: said above the table, as it moves their averages. */
function MissingNote({ systems, labels }: { systems: readonly SystemRescore[]; labels: Map<string, string> }) {
  const short = systems.filter((s) => s.missing_tasks.length > 0);
  if (short.length === 0) return null;
  const names = short
    .map((s) => `${labels.get(s.run) ?? oneLine(s.system)} (${formatCount(s.missing_tasks.length)})`)
    .join(', ');
  return (
    <p className="notice-inline notice-plain small missing-tasks-note" role="note">
      No result for some tasks other runs have: {names}. Those tasks score 0, as failed ones do, so every system is
      averaged over the same {formatCount(systems[0]!.tasks.length)} tasks.
    </p>
  );
}

function Figure({ n, label, warn = false }: { n: number; label: string; warn?: boolean }) {
  return (
    <div className={`figure ${warn ? 'figure-warn' : ''}`}>
      <span className="figure-n tabular">{formatCount(n)}</span>
      <span className="figure-label">{label}</span>
    </div>
  );
}

function ScoreTable({ systems, labels }: { systems: readonly SystemRescore[]; labels: Map<string, string> }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="score-table-scroll">
      <table className="data-table score-table" aria-label="Score preview per system">
        <thead>
          <tr>
            <th>System</th>
            <th className="num" title="By Row F1, then Item F1; 1 is best">
              Rank
            </th>
            <th className="num">Discovery F1</th>
            <th className="num">Item F1</th>
            <th className="num">Row F1</th>
            <th className="num">Δ Row F1</th>
            <th className="num" title="The grader's own Row F1 (grade.json), beside the recomputed “before”">
              Grader row F1
            </th>
            <th className="num" title="llm_judge cells of this run the patch touches">
              Needs regrade
            </th>
            <th className="num" title="Tasks where the recomputed “before” differs from grade.json">
              Differing tasks
            </th>
            <th className="num" title="Tasks the system failed, or has no result for while other runs do (scored 0)">
              Failed or missing
            </th>
          </tr>
        </thead>
        <tbody>
          {systems.map((s) => (
            <Fragment key={s.run}>
              <SystemRow
                system={s}
                label={labels.get(s.run) ?? oneLine(s.system)}
                open={open === s.run}
                onToggle={() => setOpen(open === s.run ? null : s.run)}
              />
              {open === s.run && (
                <tr className="score-detail-row">
                  <td colSpan={10}>
                    <SystemDetail system={s} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BeforeAfter({ before, after }: { before: number; after: number }) {
  const t = trend(after - before);
  return (
    <td className="num score-pair">
      <span className="score-before">{formatF1(before)}</span>
      <span className="arrow">→</span>
      <span className={`score-after trend-${t}`}>{formatF1(after)}</span>
    </td>
  );
}

function SystemRow({
  system: s,
  label,
  open,
  onToggle,
}: {
  system: SystemRescore;
  label: string;
  open: boolean;
  onToggle: () => void;
}) {
  const rank = rankMove(s.before.rank, s.after.rank);
  const delta = s.after.row_f1 - s.before.row_f1;
  return (
    <tr className={`score-row ${open ? 'score-row-open' : ''}`}>
      <th scope="row">
        <button
          type="button"
          className="row-toggle"
          aria-expanded={open}
          onClick={onToggle}
          title={`run ${oneLine(s.run)}`}
        >
          <span className="caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {label}
        </button>
      </th>
      <td className="num rank-cell">
        {s.before.rank} <span className="arrow">→</span> <strong>{s.after.rank}</strong>{' '}
        {rank.text && <span className={`rank-move trend-${rank.trend}`}>{rank.text}</span>}
      </td>
      <BeforeAfter before={s.before.discovery_f1} after={s.after.discovery_f1} />
      <BeforeAfter before={s.before.item_f1} after={s.after.item_f1} />
      <BeforeAfter before={s.before.row_f1} after={s.after.row_f1} />
      <td className={`num delta trend-${trend(delta)}`}>{formatDelta(delta)}</td>
      <td className="num">
        {s.grader ? (
          formatF1(s.grader.row_f1)
        ) : (
          <span className="value-muted" title="no grade.json for this run (flat cells file)">
            —
          </span>
        )}
      </td>
      <td className={`num ${s.needs_regrade.length > 0 ? 'count-warn' : 'count-zero'}`}>
        {formatCount(s.needs_regrade.length)}
      </td>
      <td className={`num ${s.differing_tasks.length > 0 ? 'count-warn' : 'count-zero'}`}>
        {formatCount(s.differing_tasks.length)}
      </td>
      <td
        className={`num ${s.failed_tasks.length + s.missing_tasks.length > 0 ? '' : 'count-zero'}`}
        title={`${formatCount(s.failed_tasks.length)} failed, ${formatCount(s.missing_tasks.length)} missing`}
      >
        {formatCount(s.failed_tasks.length + s.missing_tasks.length)}
      </td>
    </tr>
  );
}

function SystemDetail({ system: s }: { system: SystemRescore }) {
  const touched = s.tasks.filter((t) => t.touched);
  return (
    <div className="system-detail">
      <div>
        <h4 className="subhead">Tasks the patch touches ({touched.length})</h4>
        {touched.length === 0 ? (
          <p className="muted small">None of this run’s tasks.</p>
        ) : (
          <table className="data-table compact-table">
            <thead>
              <tr>
                <th>Task</th>
                <th className="num">Row F1</th>
                <th className="num">Item F1</th>
                <th className="num">Grader row F1</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {touched.map((t) => (
                <tr key={t.task_id}>
                  <td className="mono small">{oneLine(t.task_id)}</td>
                  <td className="num">
                    {formatF1(t.before.row_f1)} →{' '}
                    <span className={`trend-${trend(t.after.row_f1 - t.before.row_f1)}`}>
                      {formatF1(t.after.row_f1)}
                    </span>
                  </td>
                  <td className="num">
                    {formatF1(t.before.item_f1)} →{' '}
                    <span className={`trend-${trend(t.after.item_f1 - t.before.item_f1)}`}>
                      {formatF1(t.after.item_f1)}
                    </span>
                  </td>
                  <td className="num">{t.grader ? formatF1(t.grader.row_f1) : '—'}</td>
                  <td className="small">
                    {t.state === 'failed' ? (
                      <span className="chip chip-unlinked">failed</span>
                    ) : t.state === 'missing' ? (
                      <span className="chip chip-unlinked">no result</span>
                    ) : t.state === 'no_gold' ? (
                      <span className="muted">not in dataset</span>
                    ) : t.differs ? (
                      <span className="chip chip-differs">differs from grader</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="system-detail-side">
        <h4 className="subhead">Needs regrade ({s.needs_regrade.length})</h4>
        {s.needs_regrade.length === 0 ? (
          <p className="muted small">No llm_judge cell of this run is touched.</p>
        ) : (
          <ul className="plain-list small">
            {s.needs_regrade.map((c) => (
              <li key={`${c.task_id}-${c.row}-${c.column}`}>
                <span className="mono">{oneLine(c.task_id)}</span> row {rowLabel(c.row)} · {oneLine(c.column)}
              </li>
            ))}
          </ul>
        )}
        <h4 className="subhead">Differing from the grader ({s.differing_tasks.length})</h4>
        {s.differing_tasks.length === 0 ? (
          <p className="muted small">The recomputed “before” matches grade.json on every task.</p>
        ) : (
          <p className="mono small">{s.differing_tasks.map(oneLine).join(', ')}</p>
        )}
        {s.failed_tasks.length > 0 && (
          <>
            <h4 className="subhead">Failed tasks ({s.failed_tasks.length}, scored 0)</h4>
            <p className="mono small">{s.failed_tasks.map(oneLine).join(', ')}</p>
          </>
        )}
        {s.missing_tasks.length > 0 && (
          <>
            <h4 className="subhead">Tasks without a result ({s.missing_tasks.length}, scored 0)</h4>
            <p className="mono small">{s.missing_tasks.map(oneLine).join(', ')}</p>
          </>
        )}
      </div>
    </div>
  );
}
