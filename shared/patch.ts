// The gold patch format (design.md §7.1), shared by export, apply and preview.
export const PATCH_FORMAT = 'atlas-gold-patch/1';

/** The revision a dataset is taken to be until one is named: its file carries no tag. */
export const DEFAULT_BASE_REVISION = 'v1.0';

export type PatchOpKind =
  'set_cell' | 'add_alternative' | 'set_blank' | 'set_ungraded' | 'add_row' | 'remove_row' | 'add_alias';

/** A gold cell's full state, before or after an operation. */
export type PatchCellState = { value: string; alternatives?: string[] } | { blank: true } | { ungraded: true };

export interface PatchRowState {
  entity: string;
  aliases: string[];
  cells?: Record<string, PatchCellState>;
}

export interface PatchRulingRef {
  engineer: string;
  decision: string;
  at: string;
}

export interface PatchOperation {
  op: PatchOpKind;
  task_id: string;
  /** 0-based gold row; for add_row, the index the new row will have. */
  row: number;
  entity: string;
  column: string | null;
  from: PatchCellState | PatchRowState | null;
  to: PatchCellState | PatchRowState | null;
  evidence: string[];
  rulings: PatchRulingRef[];
  issues: number[];
  dispute_id: string;
}

export interface GoldPatch {
  format: typeof PATCH_FORMAT;
  dataset: string;
  base_revision: string;
  base_sha256: string | null;
  /**
   * The base's gold as shipped, whatever the file's form (each task's id,
   * canary and encrypted gold, hashed in id order): the patch also applies to
   * the base dataset in its other format. Absent in patches written before it.
   */
  base_gold_sha256?: string;
  revision: string;
  created_at: string | null;
  created_by: string;
  encrypted: boolean;
  operations: PatchOperation[];
}

type State = PatchCellState | PatchRowState | null;

function mapState(state: State, map: (text: string) => string): State {
  if (state === null) return null;
  if ('entity' in state) {
    const cells = state.cells
      ? Object.fromEntries(
          Object.entries(state.cells).map(([column, cell]) => [column, mapState(cell, map) as PatchCellState]),
        )
      : undefined;
    return { entity: map(state.entity), aliases: state.aliases.map(map), ...(cells ? { cells } : {}) };
  }
  if ('value' in state)
    return { value: map(state.value), ...(state.alternatives ? { alternatives: state.alternatives.map(map) } : {}) };
  return state;
}

/** Walks every plain-text gold string of an operation (values, entity, aliases, evidence) through `map`. */
export function mapOperationText(operation: PatchOperation, map: (text: string) => string): PatchOperation {
  return {
    ...operation,
    entity: map(operation.entity),
    from: mapState(operation.from, map),
    to: mapState(operation.to, map),
    evidence: operation.evidence.map(map),
  };
}
