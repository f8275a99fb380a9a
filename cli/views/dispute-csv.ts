// `disputes --csv`: one row per dispute, for a spreadsheet. Values are plain
// text on stdout, like --json; formula-like values are neutralised.
import type { DisputeRecord } from '../../db/queries';
import { csvLine } from '../../shared/csv';

export const DISPUTE_CSV_COLUMNS = [
  'id',
  'kind',
  'task_id',
  'gold_row',
  'entity',
  'column',
  'gold_state',
  'gold_value',
  'top_value',
  'top_count',
  'contesting',
  'systems',
  'status',
  'priority',
  'has_report',
] as const;

export const DISPUTE_CSV_HEADER = csvLine([...DISPUTE_CSV_COLUMNS]);

export function disputeCsvLine(record: DisputeRecord): string {
  return csvLine([
    record.id,
    record.kind,
    record.task_id,
    // 0-based like --json and the patch; empty for a missing row.
    record.gold_row,
    record.entity,
    record.column,
    record.gold.state,
    record.gold.value,
    record.top_value,
    record.top_count,
    record.contesting,
    record.systems.join('; '),
    record.status,
    record.priority,
    record.has_report,
  ]);
}
