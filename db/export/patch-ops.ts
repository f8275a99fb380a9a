// Turns the agreed ruling of each settled dispute into gold patch operations.
import type { Decision, DisputeKind, GoldState } from '../../shared/domain';
import type { PatchCellState, PatchOperation, PatchRulingRef } from '../../shared/patch';
import { issueNumbersForDispute } from '../reports/index';
import type { Store } from '../store';

interface SettledDispute {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_s: string;
  gold_state: GoldState;
  gold_value_s: string | null;
}

interface CountedRuling {
  engineer: string;
  decision: Decision;
  value_s: string | null;
  values_s: string | null;
  row_idx: number | null;
  evidence_s: string;
  created_at: string;
}

export interface CollectedOperations {
  operations: PatchOperation[];
  latestRulingAt: string | null;
}

export class ExportError extends Error {
  override name = 'ExportError';
}

export function collectOperations(store: Store): CollectedOperations {
  const { db, sealer } = store;
  const disputes = db
    .prepare<[], SettledDispute>(
      `SELECT id, kind, task_id, gold_row, column_name, entity_s, gold_state, gold_value_s FROM disputes
        WHERE status = 'resolved' AND settled_by_revision IS NULL ORDER BY task_id, id`,
    )
    .all();
  const countedRulings = db.prepare<[string], CountedRuling>(
    `SELECT r.engineer, r.decision, r.value_s, r.values_s, r.row_idx, r.evidence_s, r.created_at
       FROM positions p JOIN rulings r ON r.id = p.ruling_id
      WHERE p.dispute_id = ? ORDER BY r.created_at, r.id`,
  );
  const goldCell = db.prepare<[string, number, string], { state: GoldState; value_s: string | null; alternatives_s: string }>(
    'SELECT state, value_s, alternatives_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
  );
  const goldRow = db.prepare<[string, number], { entity_s: string; aliases_s: string }>(
    'SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ? AND row_idx = ?',
  );
  const rowCount = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM gold_rows WHERE task_id = ?');
  const addedRows = new Map<string, number>();

  const operations: PatchOperation[] = [];
  let latestRulingAt: string | null = null;
  for (const dispute of disputes) {
    const rulings = countedRulings.all(dispute.id);
    const agreed = rulings.at(-1);
    if (!agreed) continue;
    const refs: PatchRulingRef[] = rulings
      .map((ruling) => ({ engineer: ruling.engineer, decision: ruling.decision, at: ruling.created_at }))
      .sort((a, b) => (a.engineer < b.engineer ? -1 : a.engineer > b.engineer ? 1 : 0));
    const evidence = [...new Set(rulings.flatMap((ruling) => sealer.openJson<string[]>(ruling.evidence_s, [])))].sort();
    const entity = sealer.open(dispute.entity_s);
    const value = sealer.open(agreed.value_s);
    const base = { task_id: dispute.task_id, entity, evidence, rulings: refs, issues: issueNumbersForDispute(store, dispute.id), dispute_id: dispute.id };

    const currentCell = (): PatchCellState => {
      const stored = dispute.gold_row !== null && dispute.column_name !== null ? goldCell.get(dispute.task_id, dispute.gold_row, dispute.column_name) : undefined;
      const state = stored?.state ?? dispute.gold_state;
      if (state === 'blank') return { blank: true };
      if (state === 'ungraded') return { ungraded: true };
      const alternatives = stored ? sealer.openJson<string[]>(stored.alternatives_s, []) : [];
      const goldValue = stored ? sealer.open(stored.value_s) : sealer.open(dispute.gold_value_s);
      return { value: goldValue ?? '', ...(alternatives.length > 0 ? { alternatives } : {}) };
    };

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
  const opOrder = ['remove_row', 'set_cell', 'add_alternative', 'set_blank', 'set_ungraded', 'add_alias', 'add_row'];
  operations.sort(
    (a, b) =>
      (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0) ||
      a.row - b.row ||
      (a.column ?? '').localeCompare(b.column ?? '') ||
      opOrder.indexOf(a.op) - opOrder.indexOf(b.op) ||
      (a.dispute_id < b.dispute_id ? -1 : 1),
  );
  return { operations, latestRulingAt };
}
