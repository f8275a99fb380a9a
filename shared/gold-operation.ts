// The gold operation a ruling will write, in one shape for the ruling form's
// preview, the toast after saving, the service's rule result and the CLI's
// `rule` output, and the one sentence all of them print. The op names are the
// patch's (shared/patch.ts); rows are 0-based indexes here, as in the patch,
// and counted from 1 in the text people read.
import type { Decision } from './domain';
import type { PatchCellState, PatchOpKind } from './patch';

/** A gold cell as the operation shows it: a value (with its alternatives), blank, or ungraded. */
export type GoldOperationCell = PatchCellState;

/** One cell an add_row writes: its value, or null for a blank cell. */
export interface GoldOperationRowCell {
  column: string;
  value: string | null;
  /** The system the value was taken from, when it came from one (shown beside it). */
  system?: string;
}

export type GoldOperation =
  | { op: 'set_cell'; row: number; column: string; from: GoldOperationCell; to: string }
  | { op: 'add_alternative'; row: number; column: string; from: GoldOperationCell; alternative: string }
  | { op: 'set_blank'; row: number; column: string; from: GoldOperationCell }
  | { op: 'set_ungraded'; row: number; column: string; from: GoldOperationCell }
  | { op: 'add_row'; entity: string; cells: GoldOperationRowCell[] }
  | { op: 'add_alias'; row: number; entity: string; alias: string }
  | { op: 'remove_row'; row: number; entity: string }
  /** A ruling that writes nothing: keep gold, reject a row, or a value gold already holds. */
  | { op: 'none'; decision: Decision | 'retract'; reason: string };

/** Every op a GoldOperation can carry: the patch's kinds and `none`. */
export type GoldOperationKind = PatchOpKind | 'none';

const quote = (text: string): string => JSON.stringify(text);

function cellText(cell: GoldOperationCell): string {
  if ('blank' in cell) return '(blank)';
  if ('ungraded' in cell) return '(ungraded)';
  const alternatives = cell.alternatives ?? [];
  return alternatives.length === 0
    ? quote(cell.value)
    : `${quote(cell.value)} (alternatives ${alternatives.map(quote).join(', ')})`;
}

/** Where a cell operation acts, as people count rows: `row 8 "Opening date"`. */
function at(row: number, column: string): string {
  return `row ${row + 1} ${quote(column)}`;
}

/**
 * The operation as lines of text: one line, or for add_row its first line and
 * then one indented line per cell it adds (none left out).
 */
export function describeGoldOperationLines(op: GoldOperation): string[] {
  switch (op.op) {
    case 'set_cell':
      return [`set_cell ${at(op.row, op.column)}: ${cellText(op.from)} → ${quote(op.to)}`];
    case 'add_alternative':
      return [`add_alternative ${at(op.row, op.column)}: ${cellText(op.from)} + alternative ${quote(op.alternative)}`];
    case 'set_blank':
      return [`set_blank ${at(op.row, op.column)}: ${cellText(op.from)} → (blank)`];
    case 'set_ungraded':
      return [`set_ungraded ${at(op.row, op.column)}: ${cellText(op.from)} → (ungraded)`];
    case 'add_row': {
      const cells = op.cells.map(
        (cell) =>
          `  ${quote(cell.column)}: ${cell.value === null || cell.value.trim() === '' ? '(blank)' : quote(cell.value)}${cell.system ? ` (from ${cell.system})` : ''}`,
      );
      return [`add_row ${quote(op.entity)}${op.cells.length === 0 ? ' (no cells: every column blank)' : ''}`, ...cells];
    }
    case 'add_alias':
      return [`add_alias row ${op.row + 1} ${quote(op.entity)} + alias ${quote(op.alias)}`];
    case 'remove_row':
      return [`remove_row row ${op.row + 1} ${quote(op.entity)}`];
    case 'none':
      return [`no change to gold (${op.decision}): ${op.reason}`];
  }
}

/** The one human text of a gold operation, as the CLI and the app print it (add_row's cells on the lines after). */
export function describeGoldOperation(op: GoldOperation): string {
  return describeGoldOperationLines(op).join('\n');
}

/** What a ruling's operation is built from: the dispute's place in gold and the ruling's fields. */
export interface GoldOperationInput {
  decision: Decision;
  /** The dispute's 0-based gold row (cell and report disputes), else null. */
  row: number | null;
  column: string | null;
  /** The dispute's entity (the new row's name for add_row when no value is given; the alias for add_alias). */
  entity: string;
  /** Gold's cell now, for cell decisions. */
  gold: GoldOperationCell | null;
  /** The value written (already in gold's format unless the engineer kept a system's spelling). */
  value?: string | null;
  /** add_row's cells by column, as written. */
  values?: Record<string, string> | null;
  /** add_row: the system each value came from, by column. */
  systems?: Record<string, string>;
  /** add_alias / remove_row: the gold row named, 0-based, with its entity. */
  target?: { row: number; entity: string; aliases: readonly string[] } | null;
}

const NO_CELL = 'the dispute names no gold cell';

/**
 * The operation a ruling writes, as export will write it (db/export/patch-ops.ts):
 * accept_system and new_value set the cell, accept_both adds an alternative,
 * mark_blank / mark_ungraded change its state, add_row adds a row with its
 * cells in column order, add_alias adds the dispute's entity to a row. A
 * ruling that leaves gold as it is (gold's own value, an alias the row has)
 * is `none`, with why.
 */
export function goldOperationFor(input: GoldOperationInput): GoldOperation {
  const { decision, row, column, gold } = input;
  const none = (reason: string): GoldOperation => ({ op: 'none', decision, reason });
  const value = input.value ?? '';
  const cellPlace = row !== null && column !== null && gold !== null ? { row, column, from: gold } : null;
  switch (decision) {
    case 'keep_gold':
      return none('gold stays as it is');
    case 'reject_row':
      return none('the row is not added');
    case 'accept_system':
    case 'new_value':
      if (!cellPlace) return none(NO_CELL);
      if ('value' in gold! && gold.value === value) return none(`gold already holds ${quote(value)}`);
      return { op: 'set_cell', ...cellPlace, to: value };
    case 'accept_both':
      if (!cellPlace) return none(NO_CELL);
      if ('value' in gold! && (gold.value === value || (gold.alternatives ?? []).includes(value)))
        return none(`gold already accepts ${quote(value)}`);
      return { op: 'add_alternative', ...cellPlace, alternative: value };
    case 'mark_blank':
      if (!cellPlace) return none(NO_CELL);
      if ('blank' in gold!) return none('the cell is blank already');
      return { op: 'set_blank', ...cellPlace };
    case 'mark_ungraded':
      if (!cellPlace) return none(NO_CELL);
      if ('ungraded' in gold!) return none('the cell is ungraded already');
      return { op: 'set_ungraded', ...cellPlace };
    case 'add_row': {
      const values = input.values ?? {};
      const cells = Object.keys(values)
        .sort()
        .map((name): GoldOperationRowCell => {
          const text = values[name] ?? '';
          const system = input.systems?.[name];
          return { column: name, value: text.trim() === '' ? null : text, ...(system ? { system } : {}) };
        });
      return { op: 'add_row', entity: value.trim() !== '' ? value : input.entity, cells };
    }
    case 'add_alias': {
      const target = input.target;
      if (!target) return none('no gold row chosen');
      if (target.entity === input.entity || target.aliases.includes(input.entity))
        return none(`row ${target.row + 1} already answers to ${quote(input.entity)}`);
      return { op: 'add_alias', row: target.row, entity: target.entity, alias: input.entity };
    }
    case 'remove_row': {
      const target = input.target ?? (row !== null ? { row, entity: input.entity, aliases: [] } : null);
      if (!target) return none('the dispute names no gold row');
      return { op: 'remove_row', row: target.row, entity: target.entity };
    }
  }
}
