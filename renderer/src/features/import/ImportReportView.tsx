// What an import added, and every item it skipped with file, field and reason
// (from data files and issue files alike, in one table).
import type { ImportReport } from '../../../../shared/api-types';
import { formatCount, oneLine } from '../../lib/format';
import { RulingLogReport } from '../team/RulingLogReport';
import { ReportImportView } from '../reports/ImportReportsDialog';
import { SkippedTable } from '../../ui/SkippedTable';
import { PathText } from '../../ui/PathText';

export function ImportReportView({ report }: { report: ImportReport }) {
  const figures: [string, number][] = [
    ['sources', report.files],
    ['tasks', report.tasks],
    ['systems', report.systems],
    ['cells', report.cells],
    ['disputes', report.disputes],
    ['judge opinions', report.judges],
  ];
  return (
    <div className="import-report">
      <div className="figures">
        {figures.map(([label, n]) => (
          <div key={label} className="figure">
            <span className="figure-n tabular">{formatCount(n)}</span>
            <span className="figure-label">{label}</span>
          </div>
        ))}
      </div>
      {report.tasks +
        report.cells +
        report.disputes +
        report.judges +
        (report.rulings?.added ?? 0) +
        (report.reports ? report.reports.added + report.reports.updated : 0) ===
        0 && <p className="muted">Nothing new: these sources were already imported.</p>}
      {report.revision && (
        <div className="notice-inline" data-testid="import-revision">
          Revision {oneLine(report.revision.tag)} is now the base: {report.revision.settled}{' '}
          {report.revision.settled === 1 ? 'dispute' : 'disputes'} settled by it.
          {report.revision.recognised_by_gold &&
            ' It was applied without this store: known by its gold, which shows every change of its patch.'}
          {report.revision.tasks_left.length > 0 &&
            ` ${report.revision.tasks_left.length} ${report.revision.tasks_left.length === 1 ? 'task it changed keeps its' : 'tasks it changed keep their'} older gold here (skipped below): the revision's changes to ${report.revision.tasks_left.length === 1 ? 'it are' : 'them are'} settled, but new rulings on ${report.revision.tasks_left.length === 1 ? 'it' : 'them'} cannot be exported from this store: ${report.revision.tasks_left.slice(0, 10).map(oneLine).join(', ')}${report.revision.tasks_left.length > 10 ? ', …' : ''}.`}
        </div>
      )}
      {report.misplaced_rulings && report.misplaced_rulings.length > 0 && (
        <div className="warning" role="alert" data-testid="import-misplaced">
          <p>
            {report.misplaced_rulings.length === 1
              ? '1 counted ruling now names a gold row that holds'
              : `${formatCount(report.misplaced_rulings.length)} counted rulings now name gold rows that hold`}{' '}
            another entity; export refuses {report.misplaced_rulings.length === 1 ? 'it' : 'them'} until ruled again:
          </p>
          <ul className="small">
            {report.misplaced_rulings.slice(0, 10).map((item) => (
              <li key={`${item.dispute_id}-${item.engineer}`}>
                <span className="mono">{oneLine(item.dispute_id)}</span> ({oneLine(item.engineer)}):{' '}
                {oneLine(item.reason)}
              </li>
            ))}
            {report.misplaced_rulings.length > 10 && (
              <li>… and {formatCount(report.misplaced_rulings.length - 10)} more</li>
            )}
          </ul>
        </div>
      )}
      {report.incomplete_runs && report.incomplete_runs.length > 0 && (
        <div className="notice-inline notice-plain" role="note" data-testid="import-incomplete-runs">
          <p>
            Runs without a result for tasks other runs have (each such task scores 0 for that system in the score
            preview):
          </p>
          <ul className="small">
            {report.incomplete_runs.map((run) => (
              <li key={run.run}>
                {oneLine(run.system)}: {formatCount(run.missing)} {run.missing === 1 ? 'task' : 'tasks'} —{' '}
                <span className="mono">{run.tasks.map(oneLine).join(', ')}</span>
                {run.missing > run.tasks.length ? ', …' : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.replaced_runs && report.replaced_runs.length > 0 && (
        <>
          <h3 className="section-title">Runs replaced (re-grades)</h3>
          <ul className="replaced-runs small">
            {report.replaced_runs.map((run) => (
              <li key={run.by}>
                {oneLine(run.system)}: <PathText path={run.path} /> → <PathText path={run.by} />
              </li>
            ))}
          </ul>
        </>
      )}
      {report.reports && (
        <>
          <h3 className="section-title">GitHub reports</h3>
          <ReportImportView result={report.reports} skipped={false} />
        </>
      )}
      {report.rulings && (
        <>
          <h3 className="section-title">Ruling logs</h3>
          <RulingLogReport result={report.rulings} />
        </>
      )}
      {report.failed.length > 0 && (
        <>
          <h3 className="section-title">Failed tasks (error.json, not imported)</h3>
          <table className="data-table">
            <thead>
              <tr>
                <th>System</th>
                <th>Task</th>
                <th>File</th>
              </tr>
            </thead>
            <tbody>
              {report.failed.map((f, i) => (
                <tr key={`${f.path}-${i}`}>
                  <td>{oneLine(f.system)}</td>
                  <td>{oneLine(f.task_id)}</td>
                  <td className="small">
                    <PathText path={f.path} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {/* One list of everything skipped, the issue files' entries with the rest: one "Nothing skipped." at most. */}
      <SkippedTable skipped={report.reports ? [...report.skipped, ...report.reports.skipped] : report.skipped} />
    </div>
  );
}
