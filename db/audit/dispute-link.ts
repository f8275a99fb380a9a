// Incorrect means work (design.md §10): a cell settled "incorrect" joins the
// cell's dispute, or gets a `report` dispute (the kind for a cell no system
// contests) when it has none, so its fix is ruled and exported like any
// other. The audit keeps the link; the dispute's counted ruling is the fix.
import { disputeId } from '../../shared/dispute-id';
import { rankDisputes } from '../disputes';
import { reportDisputeId, upsertReportDispute } from '../reports';
import { refreshAllStatuses } from '../rulings';
import type { Store } from '../store';
import { cellStandings } from './standings';

export function linkIncorrectCells(store: Store, cellIds: readonly string[]): string[] {
  const { db } = store;
  if (cellIds.length === 0) return [];
  const standings = cellStandings(store);
  const cellOf = db.prepare<
    [string],
    { task_id: string; gold_row: number; column_name: string; dispute_id: string | null }
  >('SELECT task_id, gold_row, column_name, dispute_id FROM audit_cells WHERE id = ?');
  const exists = (id: string): boolean => db.prepare('SELECT 1 FROM disputes WHERE id = ?').get(id) !== undefined;
  const setLink = db.prepare('UPDATE audit_cells SET dispute_id = ? WHERE id = ?');
  const created: string[] = [];
  for (const id of cellIds) {
    const cell = cellOf.get(id);
    const standing = standings.get(id);
    if (!cell || cell.dispute_id !== null || standing?.status !== 'settled' || standing.verdict !== 'incorrect')
      continue;
    const key = { task_id: cell.task_id, gold_row: cell.gold_row, column: cell.column_name };
    const cellDispute = disputeId({ kind: 'cell', ...key, entity_key: null });
    const reportDispute = reportDisputeId(key);
    let target: string;
    if (exists(cellDispute)) target = cellDispute;
    else if (exists(reportDispute)) target = reportDispute;
    else {
      target = upsertReportDispute(store, key, null);
      created.push(target);
    }
    setLink.run(target, id);
  }
  if (created.length > 0) {
    rankDisputes(db);
    refreshAllStatuses(store, created);
  }
  return created;
}
