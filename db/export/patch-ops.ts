// Turns the agreed ruling of each settled dispute into gold patch operations.
// Everything per dispute is read up front in one query (settled-queries.ts);
// only the rare row operations look a gold row up one at a time.
import type { PatchCellState, PatchOpKind, PatchOperation, PatchRulingRef } from '../../shared/patch';
import { issueNumbersByDispute } from '../reports/index';
import type { Store } from '../store';
import type { SettledDispute } from './settled-queries';
import { settledDisputes } from './settled-queries';

export interface CollectedOperations {
  operations: PatchOperation[];
  latestRulingAt: string | null;
}

export class ExportError extends Error {
  override name = 'ExportError';
}

export function collectOperations(store: Store): CollectedOperations {
  const { db, sealer } = store;
  const disputes = settledDisputes(store);
  const issuesOf = issueNumbersByDispute(store);
  const goldRow = db.prepare<[string, number], { entity_s: string; aliases_s: string }>(
    'SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ? AND row_idx = ?',
  );
  const rowCount = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM gold_rows WHERE task_id = ?');
  const addedRows = new Map<string, number>();

  const operations: PatchOperation[] = [];
  let latestRulingAt: string | null = null;
  for (const dispute of disputes) {
    const { rulings } = dispute;
    const agreed = rulings.at(-1)!;
    const refs: PatchRulingRef[] = rulings
      .map((ruling) => ({ engineer: ruling.engineer, decision: ruling.decision, at: ruling.created_at }))
      .sort((a, b) => (a.engineer < b.engineer ? -1 : a.engineer > b.engineer ? 1 : 0));
    const evidence = [...new Set(rulings.flatMap((ruling) => sealer.openJson<string[]>(ruling.evidence_s, [])))].sort();
    const entity = sealer.open(dispute.entity_s);
    const value = sealer.open(agreed.value_s);
    const base = { task_id: dispute.task_id, entity, evidence, rulings: refs, issues: issuesOf.get(dispute.id) ?? [], dispute_id: dispute.id };

    // Opened once, and only for cell operations.
    let cell: PatchCellState | null = null;
    const currentCell = (): PatchCellState => (cell ??= currentCellOf(store, dispute));

    let operation: PatchOperation | null = null;
    const cellOp = (op: PatchOperation['op'], to: PatchCellState): PatchOperation => ({
      ...base,
      op,
      row: dispute.gold_row!,
      column: dispute.column_name,
      from: currentCell(),
      to,
    });
    switch (agreed.decision) {
      case 'accept_system':
      case 'new_value': {
        const from = currentCell();
        operation = cellOp('set_cell', { value: value ?? '', ...('value' in from && from.alternatives ? { alternatives: from.alternatives } : {}) });
        break;
      }
      case 'accept_both': {
        const from = currentCell();
        if (!('value' in from)) throw new ExportError(`dispute ${dispute.id}: accept_both needs a gold value to add an alternative to`);
        operation = cellOp('add_alternative', { value: from.value, alternatives: [...(from.alternatives ?? []), value ?? ''] });
        break;
      }
      case 'mark_blank':
        operation = cellOp('set_blank', { blank: true });
        break;
      case 'mark_ungraded':
        operation = cellOp('set_ungraded', { ungraded: true });
        break;
      case 'remove_row': {
        const row = dispute.gold_row!;
        const stored = goldRow.get(dispute.task_id, row);
        const from = stored ? { entity: sealer.open(stored.entity_s), aliases: sealer.openJson<string[]>(stored.aliases_s, []) } : { entity, aliases: [] };
        operation = { ...base, op: 'remove_row', row, column: null, from, to: null };
        break;
      }
      case 'add_row': {
        const next = addedRows.get(dispute.task_id) ?? rowCount.get(dispute.task_id)!.n;
        addedRows.set(dispute.task_id, next + 1);
        const values = sealer.openJson<Record<string, string>>(agreed.values_s, {});
        const cells = Object.fromEntries(
          Object.keys(values)
            .sort()
            .map((column) => [column, (values[column] ?? '').trim() === '' ? { blank: true as const } : { value: values[column]! }]),
        );
        const name = value?.trim() ? value : entity;
        operation = { ...base, entity: name, op: 'add_row', row: next, column: null, from: null, to: { entity: name, aliases: [], cells } };
        break;
      }
      case 'add_alias': {
        const row = agreed.row_idx!;
        const stored = goldRow.get(dispute.task_id, row);
        const aliases = stored ? sealer.openJson<string[]>(stored.aliases_s, []) : [];
        const rowEntity = stored ? sealer.open(stored.entity_s) : entity;
        operation = {
          ...base,
          entity: rowEntity,
          op: 'add_alias',
          row,
          column: null,
          from: { entity: rowEntity, aliases },
          to: { entity: rowEntity, aliases: [...aliases, entity] },
        };
        break;
      }
      case 'keep_gold':
      case 'reject_row':
        break;
    }
    for (const ruling of rulings) if (latestRulingAt === null || ruling.created_at > latestRulingAt) latestRulingAt = ruling.created_at;
    if (operation) operations.push(operation);
  }
  return { operations: sortOperations(operations), latestRulingAt };
}

/** The gold cell a cell operation changes: the stored cell, else what the dispute recorded. */
function currentCellOf(store: Store, dispute: SettledDispute): PatchCellState {
  const { sealer } = store;
  if (dispute.cell_state === 'blank') return { blank: true };
  if (dispute.cell_state === 'ungraded') return { ungraded: true };
  const alternatives = sealer.openJson<string[]>(dispute.cell_alternatives_s, []);
  return { value: sealer.open(dispute.cell_value_s) ?? '', ...(alternatives.length > 0 ? { alternatives } : {}) };
}

const OP_ORDER: Record<PatchOpKind, number> = {
  remove_row: 0,
  set_cell: 1,
  add_alternative: 2,
  set_blank: 3,
  set_ungraded: 4,
  add_alias: 5,
  add_row: 6,
};

/**
 * Orders operations by task, row, column (localeCompare, as patches have
 * always been ordered), op kind and dispute id. Columns are ranked once, so
 * the sort compares numbers instead of collating strings per comparison;
 * columns the collator finds equal share a rank, keeping the order identical.
 */
function sortOperations(operations: PatchOperation[]): PatchOperation[] {
  const columns = [...new Set(operations.map((op) => op.column ?? ''))].sort((a, b) => a.localeCompare(b));
  const columnRank = new Map<string, number>();
  let rank = 0;
  columns.forEach((column, i) => {
    if (i > 0 && columns[i - 1]!.localeCompare(column) !== 0) rank++;
    columnRank.set(column, rank);
  });
  return operations
    .map((op) => ({ op, column: columnRank.get(op.column ?? '')!, kind: OP_ORDER[op.op] }))
    .sort(
      (a, b) =>
        (a.op.task_id < b.op.task_id ? -1 : a.op.task_id > b.op.task_id ? 1 : 0) ||
        a.op.row - b.op.row ||
        a.column - b.column ||
        a.kind - b.kind ||
        (a.op.dispute_id < b.op.dispute_id ? -1 : 1),
    )
    .map((keyed) => keyed.op);
}
