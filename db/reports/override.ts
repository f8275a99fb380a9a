// The engineer's hand fixes to a parsed report (task, row, column, proposed
// value, missing entity). They are kept through re-imports and re-parses,
// checked against the store, and the report is linked again at once.
import type { ReportRef } from '../../shared/api';
import { reportOverrideSchema } from '../../shared/api';
import type { ReportOverride } from '../../shared/report-parse';
import type { Store } from '../store';
import { buildCatalogue } from './catalogue';
import type { LinkSummary } from './link';
import { linkReportRows } from './link';
import { findReport, readOverride, ReportError } from './records';

function check(store: Store, merged: ReportOverride, taskOfParse: string | null): ReportOverride {
  const taskId = merged.task_id !== undefined ? merged.task_id : taskOfParse;
  if (merged.task_id !== undefined && merged.task_id !== null) {
    const known = buildCatalogue(store, merged.task_id).tasks.length > 0;
    if (!known) throw new ReportError(`no task ${JSON.stringify(merged.task_id)} in this store`);
  }
  if ((merged.row !== undefined && merged.row !== null) || (merged.column !== undefined && merged.column !== null)) {
    if (taskId === null || taskId === undefined)
      throw new ReportError('set the task first: a row or column needs the task it belongs to');
    const task = buildCatalogue(store, taskId).tasks[0];
    if (!task) throw new ReportError(`no task ${JSON.stringify(taskId)} in this store`);
    if (merged.row !== undefined && merged.row !== null && (merged.row < 0 || merged.row >= task.rows.length)) {
      throw new ReportError(
        `row ${merged.row} is not a gold row of ${taskId} (0-based; the task has ${task.rows.length} rows)`,
      );
    }
    if (merged.column !== undefined && merged.column !== null && !task.columns.includes(merged.column)) {
      throw new ReportError(
        `${taskId} has no column ${JSON.stringify(merged.column)} (columns: ${task.columns.join(', ')})`,
      );
    }
  }
  return merged;
}

/**
 * Applies the engineer's corrections. Keys given replace earlier corrections
 * (null = "none"); `replace` discards the earlier ones first; an empty object
 * with `replace` returns the report to what the parser found.
 */
export function overrideReport(
  store: Store,
  ref: ReportRef,
  fields: ReportOverride,
  options: { replace?: boolean } = {},
): LinkSummary {
  const input = reportOverrideSchema.parse(fields);
  const { db, sealer } = store;
  return db.transaction((): LinkSummary => {
    const row = findReport(store, ref);
    const merged: ReportOverride = { ...(options.replace ? {} : (readOverride(store, row) ?? {})) };
    for (const [key, value] of Object.entries(input) as [keyof ReportOverride, unknown][]) {
      if (value !== undefined)
        (merged as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
    }
    check(store, merged, row.task_id);
    db.prepare('UPDATE reports SET override_s = ? WHERE id = ?').run(
      Object.keys(merged).length > 0 ? sealer.sealJson(merged) : null,
      row.id,
    );
    return linkReportRows(store, [findReport(store, ref)], { reparse: true });
  })();
}
