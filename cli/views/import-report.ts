// The import report as `import --json` prints it and as people read it.
import type { ImportReport } from '../../shared/api-types';
import { plural, table } from '../format';

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
  };
}

export function importReportText(report: ImportReport): string {
  const lines = [
    `Imported ${plural(report.tasks, 'task')}, ${plural(report.systems, 'system')}, ${plural(report.cells, 'cell')}, ` +
      `${plural(report.disputes, 'dispute')}, ${plural(report.judges, 'judge opinion')} (${plural(report.files, 'file')} read).`,
  ];
  if (report.failed.length > 0) {
    lines.push('', `${plural(report.failed.length, 'failed task')} (error.json, not imported):`);
    lines.push(indent(table(['SYSTEM', 'TASK', 'FILE'], report.failed.map((f) => [f.system, f.task_id, f.path]), 200)));
  }
  if (report.skipped.length > 0) {
    lines.push('', `${plural(report.skipped.length, 'skipped item')}:`);
    lines.push(indent(table(['FILE', 'FIELD', 'REASON'], report.skipped.map((s) => [s.path, s.field, s.reason]), 200)));
  }
  return `${lines.join('\n')}\n`;
}

/** Every count of what this import added is zero. */
export function addedNothing(report: ImportReport): boolean {
  return report.tasks + report.systems + report.cells + report.disputes + report.judges === 0;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
