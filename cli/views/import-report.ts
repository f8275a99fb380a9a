// The import report as `import --json` prints it and as people read it.
import type { ImportReport } from '../../shared/api-types';
import { inline, plural, table, wrap } from '../format';

/** The contract's object (`tasks, systems, cells, disputes, skipped[{path, field, reason}]`), then extra detail. */
export function importReportJson(report: ImportReport): Record<string, unknown> {
  return {
    tasks: report.tasks,
    systems: report.systems,
    cells: report.cells,
    disputes: report.disputes,
    skipped: report.skipped.map(({ path, field, reason }) => ({ path, field, reason })),
    judges: report.judges,
    failed: report.failed.map(({ path, task_id, system }) => ({ path, task_id, system })),
    files: report.files,
    ...(report.rulings ? { rulings: report.rulings } : {}),
    ...(report.reports ? { reports: report.reports } : {}),
    ...(report.replaced_runs ? { replaced_runs: report.replaced_runs } : {}),
    ...(report.revision ? { revision: report.revision } : {}),
    ...(report.misplaced_rulings ? { misplaced_rulings: report.misplaced_rulings } : {}),
    ...(report.incomplete_runs ? { incomplete_runs: report.incomplete_runs } : {}),
  };
}

/** How many refused ruling lines the text report lists; --json lists every one. */
export const REFUSED_LINES_SHOWN = 10;

/**
 * The refused lines of a ruling log merge, as the text report lists them: the
 * first few, then a count of the rest (a file that is no ruling log at all
 * would otherwise print a line for each of its lines). --json keeps them all.
 */
export function refusedRulingLines(refused: readonly { line: string; reason: string }[]): string[] {
  const lines = refused.slice(0, REFUSED_LINES_SHOWN).map((item) => `  refused ${item.line}: ${inline(item.reason)}`);
  const rest = refused.length - REFUSED_LINES_SHOWN;
  if (rest > 0) lines.push(`  … and ${plural(rest, 'more refused line')} (--json lists every one)`);
  return lines;
}

export function importReportText(report: ImportReport): string {
  const lines = [
    `Imported ${plural(report.tasks, 'task')}, ${plural(report.systems, 'system')}, ${plural(report.cells, 'cell')}, ` +
      `${plural(report.disputes, 'dispute')}, ${plural(report.judges, 'judge opinion')} (${plural(report.files, 'source')} read).`,
  ];
  for (const run of report.replaced_runs ?? [])
    lines.push(`Replaced the run of ${inline(run.system)} (${inline(run.path)}) by ${inline(run.by)}.`);
  if (report.revision) lines.push(...revisionLines(report.revision));
  const { rulings, reports } = report;
  if (rulings) {
    lines.push(
      `Ruling logs: ${plural(rulings.added, 'ruling')} added, ${rulings.duplicates} already present, ${rulings.refused.length} refused.`,
    );
    lines.push(...refusedRulingLines(rulings.refused));
  }
  if (reports) {
    lines.push(
      `GitHub reports: ${reports.added} added, ${reports.updated} updated, ${reports.unchanged} unchanged; ` +
        `${reports.linked} linked to disputes, ${reports.unlinked} unlinked; ${plural(reports.pull_requests, 'pull request')} skipped.`,
    );
    for (const item of reports.skipped)
      lines.push(`  skipped ${item.path}${item.field ? ` (${item.field})` : ''}: ${inline(item.reason)}`);
  }
  const misplaced = report.misplaced_rulings ?? [];
  if (misplaced.length > 0) {
    lines.push(
      '',
      `warning: ${plural(misplaced.length, 'counted ruling')} now ${misplaced.length === 1 ? 'names a gold row that holds' : 'name gold rows that hold'} another entity; export refuses ${misplaced.length === 1 ? 'it' : 'them'} until ruled again:`,
    );
    lines.push(
      ...misplaced
        .slice(0, REFUSED_LINES_SHOWN)
        .map((item) => `  dispute ${item.dispute_id} (${inline(item.engineer)}): ${inline(item.reason)}`),
    );
    if (misplaced.length > REFUSED_LINES_SHOWN)
      lines.push(`  … and ${misplaced.length - REFUSED_LINES_SHOWN} more (--json lists every one)`);
  }
  for (const run of report.incomplete_runs ?? []) {
    const more = run.missing > run.tasks.length ? `, … (${run.missing - run.tasks.length} more)` : '';
    lines.push(
      `note: ${inline(run.system)} has no result for ${plural(run.missing, 'task')} other runs have (scored 0 in the score preview): ${run.tasks.map(inline).join(', ')}${more}`,
    );
  }
  if (report.failed.length > 0) {
    lines.push('', `${plural(report.failed.length, 'failed task')} (error.json, not imported):`);
    lines.push(
      indent(
        table(
          ['SYSTEM', 'TASK', 'FILE'],
          report.failed.map((f) => [f.system, f.task_id, f.path]),
          200,
        ),
      ),
    );
  }
  if (report.skipped.length > 0) {
    lines.push('', `${plural(report.skipped.length, 'skipped item')}:`, ...skippedLines(report.skipped));
  }
  return `${lines.join('\n')}\n`;
}

/** What the import's sources other than ruling logs and issue files added. */
function sourcesAdded(report: ImportReport): number {
  return report.tasks + report.systems + report.cells + report.disputes + report.judges;
}

/** Ruling lines and issues taken (added, or already there). */
function logsTaken(report: ImportReport): number {
  const { rulings, reports } = report;
  return (
    (rulings ? rulings.added + rulings.duplicates : 0) +
    (reports ? reports.added + reports.updated + reports.unchanged : 0)
  );
}

/** Ruling lines and issues refused. */
function logsRefused(report: ImportReport): number {
  return (report.rulings?.refused.length ?? 0) + (report.reports?.skipped.length ?? 0);
}

/** Every count of what this import added is zero, ruling logs and GitHub reports included. */
export function addedNothing(report: ImportReport): boolean {
  return sourcesAdded(report) + logsTaken(report) === 0;
}

/** Everything this import refused: skipped items, refused ruling lines and skipped issues. */
export function refusedCount(report: ImportReport): number {
  return report.skipped.length + logsRefused(report);
}

/** The import held ruling logs or issue files, everything else added nothing, and none of their lines was taken. */
export function logsRefusedWhole(report: ImportReport): boolean {
  return (
    logsTaken(report) === 0 && logsRefused(report) > 0 && sourcesAdded(report) === 0 && report.skipped.length === 0
  );
}

function revisionLines(revision: NonNullable<ImportReport['revision']>): string[] {
  const lines = [
    `Revision ${inline(revision.tag)} is now the base: ${plural(revision.settled, 'dispute')} settled by it.`,
  ];
  if (revision.recognised_by_gold)
    lines.push(
      `  Applied without this store: known by its gold, which shows every change of ${inline(revision.tag)}'s patch.`,
    );
  const left = revision.tasks_left;
  if (left.length > 0) {
    lines.push(
      `  ${plural(left.length, 'task')} it changed kept ${left.length === 1 ? 'its' : 'their'} older gold here (see the skipped ${left.length === 1 ? 'item' : 'items'}): ` +
        `the revision's changes to ${left.length === 1 ? 'it are' : 'them are'} settled, but new rulings on ${left.length === 1 ? 'it' : 'them'} cannot be exported from this store: ` +
        `${left.slice(0, 10).map(inline).join(', ')}${left.length > 10 ? `, … and ${left.length - 10} more` : ''}.`,
    );
  }
  return lines;
}

/** A reason longer than this is listed under its file, wrapped, rather than cut to fit a table cell. */
const TABLE_REASON = 100;
const WRAP_AT = 96;

/**
 * Skipped items as a table when every reason fits a cell; otherwise one block
 * per item with the reason in full: a reason often says what to do next, and
 * a cut one loses exactly that.
 */
function skippedLines(skipped: ImportReport['skipped']): string[] {
  if (skipped.every((item) => [...item.reason].length <= TABLE_REASON)) {
    return [
      indent(
        table(
          ['FILE', 'FIELD', 'REASON'],
          skipped.map((s) => [s.path, s.field, s.reason]),
          200,
        ),
      ),
    ];
  }
  return skipped.flatMap((item) => [
    `  ${inline(item.path)}${item.field ? ` (${inline(item.field)})` : ''}`,
    ...wrap(inline(item.reason), WRAP_AT)
      .split('\n')
      .map((line) => `      ${line}`),
  ]);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
