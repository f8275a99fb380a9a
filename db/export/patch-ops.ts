// Turns the agreed ruling of each settled dispute into gold patch operations.
// Everything per dispute is read up front in one query (settled-queries.ts);
// only the rare row operations look a gold row up one at a time.
import { disputeName } from '../../shared/dispute-name';
import { decisionsForDispute } from '../../shared/domain';
import { goldRowNamed } from '../../shared/gold-row-named';
import type { NamedGoldRow } from '../../shared/gold-row-named';
import type { PatchCellState, PatchOpKind, PatchOperation, PatchRulingRef } from '../../shared/patch';
import { issueNumbersByDispute } from '../reports';
import type { RulingSpelling } from '../rulings';
import { goldProblem, rowAnswersTo } from '../rulings';
import type { Store } from '../store';
import type { Sealer } from '../seal';
import type { CountedRuling, SettledDispute } from './settled-queries';
import { settledDisputes } from './settled-queries';

export interface CollectedOperations {
  operations: PatchOperation[];
  latestRulingAt: string | null;
  /** Disputes whose agreeing engineers wrote the value in different spellings, as export warnings say it (no values). */
  spellings: string[];
}

export class ExportError extends Error {
  override name = 'ExportError';
}

/** A stored ruling's fields by name; its row is the stored 0-based index, named beside the row as people count it. */
const STORED: RulingSpelling = { field: (field) => field, row: (index) => `row index ${index}` };

export function collectOperations(store: Store): CollectedOperations {
  const { db, sealer } = store;
  const disputes = settledDisputes(store);
  const issuesOf = issueNumbersByDispute(store);
  const goldRow = db.prepare<[string, number], { entity_s: string; aliases_s: string }>(
    'SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ? AND row_idx = ?',
  );
  const rowCount = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM gold_rows WHERE task_id = ?');
  const addedRows = new Map<string, number>();
  const taskRows = db.prepare<[string], { row_idx: number; entity_s: string; aliases_s: string }>(
    'SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ?',
  );
  const rowsByTask = new Map<string, NamedGoldRow[]>();
  /** The task's gold rows, opened: read once per task that has an add_row. */
  const goldRowsOf = (taskId: string): NamedGoldRow[] => {
    let rows = rowsByTask.get(taskId);
    if (!rows) {
      rows = taskRows.all(taskId).map((row) => ({
        row: row.row_idx,
        entity: sealer.open(row.entity_s),
        aliases: sealer.openJson<string[]>(row.aliases_s, []),
      }));
      rowsByTask.set(taskId, rows);
    }
    return rows;
  };
  const openList = listOpener(sealer);

  const operations: PatchOperation[] = [];
  const misfits: string[] = [];
  const spellings: string[] = [];
  let latestRulingAt: string | null = null;
  for (const dispute of disputes) {
    const { rulings } = dispute;
    const agreed = rulings.at(-1)!;
    const allowed = decisionsForDispute({ kind: dispute.kind, column: dispute.column_name });
    if (!allowed.includes(agreed.decision)) {
      // Recorded before rule refused it (a cell decision on a report about a whole row): apply would refuse its operation.
      misfits.push(
        misfitLine(dispute, sealer, `does not apply to this dispute (expected one of ${allowed.join(', ')})`),
      );
      continue;
    }
    if (agreed.decision === 'add_row' || agreed.decision === 'add_alias') {
      const ruling = {
        decision: agreed.decision,
        values: sealer.openJson<Record<string, string> | null>(agreed.values_s, null),
        row: agreed.row_idx,
      };
      const problem = goldProblem(store, dispute.task_id, ruling, STORED);
      if (problem !== null) misfits.push(misfitLine(dispute, sealer, problem));
    }
    const entity = sealer.open(dispute.entity_s);
    const moved = movedRow(store, dispute, entity);
    if (moved !== null) misfits.push(misfitLine(dispute, sealer, moved));
    const refs = rulingRefs(rulings);
    const evidence = evidenceOf(rulings, openList);
    const value = sealer.open(agreed.value_s);
    const base: OperationBase = {
      task_id: dispute.task_id,
      entity,
      evidence,
      rulings: refs,
      issues: issuesOf.get(dispute.id) ?? [],
      dispute_id: dispute.id,
    };
    // The target of the cell cases (no closures per dispute: they cost at 10k disputes).
    const cellRow = dispute.gold_row!;
    const column = dispute.column_name;

    let operation: PatchOperation | null = null;
    switch (agreed.decision) {
      case 'accept_system':
      case 'new_value': {
        const from = currentCellOf(dispute, sealer, openList);
        operation = makeOperation(base, 'set_cell', cellRow, column, from, {
          value: value ?? '',
          ...('value' in from && from.alternatives ? { alternatives: from.alternatives } : {}),
        });
        break;
      }
      case 'accept_both': {
        const from = currentCellOf(dispute, sealer, openList);
        if (!('value' in from))
          throw new ExportError(
            `${nameOf(dispute, sealer)}: accept_both keeps gold's value and adds one as an alternative, but gold's cell is ${'blank' in from ? 'blank' : 'ungraded'}, with no value to keep: rule the dispute again with accept_system or new_value`,
          );
        operation = makeOperation(base, 'add_alternative', cellRow, column, from, {
          value: from.value,
          alternatives: [...(from.alternatives ?? []), value ?? ''],
        });
        break;
      }
      case 'mark_blank':
        operation = makeOperation(base, 'set_blank', cellRow, column, currentCellOf(dispute, sealer, openList), {
          blank: true,
        });
        break;
      case 'mark_ungraded':
        operation = makeOperation(base, 'set_ungraded', cellRow, column, currentCellOf(dispute, sealer, openList), {
          ungraded: true,
        });
        break;
      case 'remove_row': {
        const row = dispute.gold_row!;
        const stored = goldRow.get(dispute.task_id, row);
        const from = stored
          ? { entity: sealer.open(stored.entity_s), aliases: sealer.openJson<string[]>(stored.aliases_s, []) }
          : { entity, aliases: [] };
        operation = makeOperation(base, 'remove_row', row, null, from, null);
        break;
      }
      case 'add_row': {
        const name = value?.trim() ? value : entity;
        // Gold names the entity already (the revision that added it is the base now): nothing to add.
        if (goldRowNamed(goldRowsOf(dispute.task_id), [name]) !== null) break;
        const next = addedRows.get(dispute.task_id) ?? rowCount.get(dispute.task_id)!.n;
        addedRows.set(dispute.task_id, next + 1);
        const values = sealer.openJson<Record<string, string>>(agreed.values_s, {});
        const cells = Object.fromEntries(
          Object.keys(values)
            .sort()
            .map((column) => [
              column,
              (values[column] ?? '').trim() === '' ? { blank: true as const } : { value: values[column]! },
            ]),
        );
        operation = makeOperation(base, 'add_row', next, null, null, { entity: name, aliases: [], cells }, name);
        break;
      }
      case 'add_alias': {
        const row = agreed.row_idx!;
        const stored = goldRow.get(dispute.task_id, row);
        const aliases = stored ? sealer.openJson<string[]>(stored.aliases_s, []) : [];
        const rowEntity = stored ? sealer.open(stored.entity_s) : entity;
        operation = makeOperation(
          base,
          'add_alias',
          row,
          null,
          { entity: rowEntity, aliases },
          { entity: rowEntity, aliases: [...aliases, entity] },
          rowEntity,
        );
        break;
      }
      case 'keep_gold':
      case 'reject_row':
        break;
    }
    for (const ruling of rulings)
      if (latestRulingAt === null || ruling.created_at > latestRulingAt) latestRulingAt = ruling.created_at;
    if (operation && !leavesGoldAsIs(operation)) {
      operations.push(operation);
      if (rulings.length > 1 && VALUE_OPS.has(operation.op)) {
        const note = spellingNote(dispute, sealer);
        if (note !== null) spellings.push(note);
      }
    }
  }
  if (misfits.length > 0) {
    // Apply would refuse the whole patch for these, after its revision tag was taken.
    const shown = misfits
      .slice(0, 10)
      .map((line) => `\n  ${line}`)
      .join('');
    const more = misfits.length > 10 ? `\n  … and ${misfits.length - 10} more` : '';
    throw new ExportError(
      `${misfits.length} settled ruling${misfits.length === 1 ? ' does' : 's do'} not fit the task's gold as the store holds it now (made before the dataset was imported, under an older version, or before its gold rows moved); rule ${misfits.length === 1 ? 'it' : 'them'} again:${shown}${more}`,
    );
  }
  return { operations: sortOperations(operations), latestRulingAt, spellings };
}

/**
 * An operation that would write gold exactly as it is: a ruling that agreed
 * with gold under another decision (accept_system of gold's own value,
 * accept_both of an alternative gold lists, mark_blank of a blank cell, an
 * alias the row has). Such a ruling settles its dispute; the patch would only
 * carry a change that is none, and the changelog would report it.
 */
function leavesGoldAsIs(op: PatchOperation): boolean {
  const { from, to } = op;
  switch (op.op) {
    case 'set_cell':
      return from !== null && to !== null && 'value' in from && 'value' in to && from.value === to.value;
    case 'add_alternative': {
      if (from === null || to === null || !('value' in from) || !('value' in to)) return false;
      const added = to.alternatives?.at(-1);
      return added !== undefined && (added === from.value || (from.alternatives ?? []).includes(added));
    }
    case 'set_blank':
      return from !== null && 'blank' in from;
    case 'set_ungraded':
      return from !== null && 'ungraded' in from;
    case 'add_alias': {
      if (from === null || to === null || !('entity' in from) || !('entity' in to)) return false;
      const added = to.aliases.at(-1);
      return added !== undefined && (added === from.entity || from.aliases.includes(added));
    }
    default:
      return false;
  }
}

const VALUE_OPS: ReadonlySet<PatchOpKind> = new Set(['set_cell', 'add_alternative', 'add_row', 'add_alias']);

/**
 * Agreement compares values under the column's rule, so "Großer Markt 31"
 * and "grosser markt 31" agree; the patch writes the latest ruling's
 * spelling. Said, so the engineers can pick one on purpose.
 */
function spellingNote(dispute: SettledDispute, sealer: Sealer): string | null {
  const { rulings } = dispute;
  // Sealing is deterministic: equal sealed text is the same spelling, told without opening it.
  const values = new Set(rulings.map((ruling) => ruling.value_s));
  const cells = new Set(rulings.map((ruling) => ruling.values_s));
  const cellSpellings =
    cells.size === 1
      ? 1
      : new Set(
          rulings.map((ruling) => sortedJson(sealer.openJson<Record<string, string> | null>(ruling.values_s, null))),
        ).size;
  const ways = Math.max(values.size, cellSpellings);
  if (ways === 1) return null;
  const latest = rulings.at(-1)!;
  return (
    `${nameOf(dispute, sealer)}: ${rulings.map((r) => r.engineer).join(', ')} agreed on a value spelled ${ways} ways; ` +
    `the patch writes ${latest.engineer}'s, the latest ruling (rule it again in the spelling gold should have)`
  );
}

function sortedJson(values: Record<string, string> | null): string {
  return values === null
    ? ''
    : JSON.stringify(
        Object.keys(values)
          .sort()
          .map((key) => [key, values[key]]),
      );
}

/** A settled dispute as messages name it: task, entity and column, then its id. */
function nameOf(dispute: SettledDispute, sealer: Sealer): string {
  const name = disputeName({
    kind: dispute.kind,
    task_id: dispute.task_id,
    gold_row: dispute.gold_row,
    column: dispute.column_name,
    entity: sealer.open(dispute.entity_s),
  });
  return `${name} (dispute ${dispute.id})`;
}

/** A settled dispute export cannot turn into an operation, and why, as the refusal lists it. */
function misfitLine(dispute: SettledDispute, sealer: Sealer, reason: string): string {
  const { rulings } = dispute;
  return `${nameOf(dispute, sealer)}, ${rulings.at(-1)!.decision} agreed by ${rulings.map((r) => r.engineer).join(', ')}: ${reason}`;
}

/**
 * Which gold row a ruling on this dispute names that is no longer the entity
 * it was ruled on (the task's gold rows moved since: a revision removed or
 * moved rows), or null. The operation would change another entity's row.
 */
function movedRow(store: Store, dispute: SettledDispute, entity: string): string | null {
  for (const ruling of dispute.rulings) {
    // The same row entity, sealed alike: the common case, decided without hashing.
    const same = ruling.gold_row_entity_s !== null && ruling.gold_row_entity_s === dispute.entity_s;
    if (
      !same &&
      ruling.gold_row_entity_key !== null &&
      dispute.gold_row !== null &&
      !rowAnswersTo(store, dispute.task_id, dispute.gold_row, ruling.gold_row_entity_key, entity)
    ) {
      return `gold row ${dispute.gold_row + 1} is another entity than the one ${ruling.engineer} ruled on (the task's gold rows moved since)`;
    }
    if (
      ruling.row_entity_key !== null &&
      ruling.row_idx !== null &&
      !rowAnswersTo(store, dispute.task_id, ruling.row_idx, ruling.row_entity_key)
    ) {
      return `gold row ${ruling.row_idx + 1} (${ruling.engineer}'s row for the alias) is another entity than the one ruled on (the task's gold rows moved since)`;
    }
  }
  return null;
}

type OperationBase = Pick<PatchOperation, 'task_id' | 'entity' | 'evidence' | 'rulings' | 'issues' | 'dispute_id'>;

/**
 * An operation, its keys in the patch's order (base first, `entity` in its
 * place). Written out rather than spread: spreading the base was a large
 * share of building 10k operations, and every operation gets one shape.
 */
export function makeOperation(
  base: OperationBase,
  op: PatchOpKind,
  row: number,
  column: string | null,
  from: PatchOperation['from'],
  to: PatchOperation['to'],
  entity = base.entity,
): PatchOperation {
  return {
    task_id: base.task_id,
    entity,
    evidence: base.evidence,
    rulings: base.rulings,
    issues: base.issues,
    dispute_id: base.dispute_id,
    op,
    row,
    column,
    from,
    to,
  };
}

/** `op` with its text replaced (encryption), keys in the same order as makeOperation's. */
export function withText(
  op: PatchOperation,
  entity: string,
  evidence: string[],
  from: PatchOperation['from'],
  to: PatchOperation['to'],
): PatchOperation {
  return {
    task_id: op.task_id,
    entity,
    evidence,
    rulings: op.rulings,
    issues: op.issues,
    dispute_id: op.dispute_id,
    op: op.op,
    row: op.row,
    column: op.column,
    from,
    to,
  };
}

/** The gold cell a cell operation changes: the stored cell, else what the dispute recorded. */
function currentCellOf(dispute: SettledDispute, sealer: Sealer, openList: ListOpener): PatchCellState {
  if (dispute.cell_state === 'blank') return { blank: true };
  if (dispute.cell_state === 'ungraded') return { ungraded: true };
  const alternatives = dispute.cell_alternatives_s === null ? [] : openList(dispute.cell_alternatives_s);
  return { value: sealer.open(dispute.cell_value_s) ?? '', ...(alternatives.length > 0 ? { alternatives } : {}) };
}

type ListOpener = (sealed: string) => string[];

/** Opens a sealed JSON list; most (evidence, alternatives) are the sealed "[]", recognised rather than opened. */
function listOpener(sealer: Sealer): ListOpener {
  const empty = sealer.sealJson([]);
  return (sealed) => (sealed === empty ? [] : sealer.openJson<string[]>(sealed, []));
}

/** Who ruled, by engineer. */
function rulingRefs(rulings: readonly CountedRuling[]): PatchRulingRef[] {
  const refs = rulings.map((ruling) => ({
    engineer: ruling.engineer,
    decision: ruling.decision,
    at: ruling.created_at,
  }));
  return refs.length > 1 ? refs.sort((a, b) => (a.engineer < b.engineer ? -1 : a.engineer > b.engineer ? 1 : 0)) : refs;
}

/** Every ruling's evidence, once each, sorted. */
function evidenceOf(rulings: readonly CountedRuling[], openList: ListOpener): string[] {
  const urls =
    rulings.length === 1 ? openList(rulings[0]!.evidence_s) : rulings.flatMap((ruling) => openList(ruling.evidence_s));
  return urls.length > 1 ? [...new Set(urls)].sort() : urls;
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
