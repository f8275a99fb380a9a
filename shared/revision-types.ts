// Results of the revision commands (apply, rescore, revisions): plain data,
// shared so every host and the renderer see the same shapes.
import type { PatchCellState, PatchOpKind, PatchRowState, PatchRulingRef } from './patch';
import type { Scores } from './score';

/** One operation of a patch that does not fit the dataset it is applied to. */
export interface PatchMismatch {
  /** 0-based position of the operation in the patch. */
  index: number;
  op: PatchOpKind;
  task_id: string;
  /** 0-based gold row, as in the patch. */
  row: number;
  column: string | null;
  reason: string;
  /** The row's entity as the operation names it; only when values may be shown (plaintext). */
  entity?: string;
  /** The operation's `from` and what the dataset holds; only when values may be shown (plaintext). */
  expected?: string;
  found?: string;
}

export interface ApplyResult {
  out: string;
  format: 'jsonl' | 'parquet';
  /** sha256 of the revised dataset file. */
  sha256: string;
  bytes: number;
  revision: string;
  base_revision: string;
  /** False when the patch names no base_sha256 (only the `from` checks guarded it). */
  base_verified: boolean;
  /** `gold`: the dataset is the base in its other format (not the base file's bytes, the same gold: base_gold_sha256). */
  base_form?: 'gold';
  /** sha256 of the patch file as read. */
  patch_sha256: string;
  /** Identity of the patch's gold changes, the same for its encrypted and plaintext forms. */
  content_sha256: string;
  tasks: { total: number; changed: number };
  operations: { total: number; by_kind: Partial<Record<PatchOpKind, number>> };
  /** Patch positions of operations on rows the patch also removes (moot: the removal wins). */
  superseded: number[];
  changelog: string | null;
}

export interface RankedScores extends Scores {
  rank: number;
}

export interface TaskRescore {
  task_id: string;
  /**
   * `failed`: the system failed the task (scores 0); `missing`: the run has no
   * result for a task other runs have (scores 0, as a failure: averages are over
   * the same tasks for every system); `no_gold`: the task is not in the imported
   * dataset (grader's scores kept).
   */
  state: 'graded' | 'failed' | 'missing' | 'no_gold';
  before: Scores;
  after: Scores;
  /** The grader's own scores from grade.json; null for failed tasks. */
  grader: Scores | null;
  /** The recomputed "before" differs from the grader's scores. */
  differs: boolean;
  /** The patch changes this task's gold. */
  touched: boolean;
}

export interface CellRef {
  task_id: string;
  /** 0-based gold row in the base dataset (for an added row, the index the patch gives it). */
  row: number;
  column: string;
}

export interface SystemRescore {
  system: string;
  /** The run's key (its directory name, or system@file for flat files). */
  run: string;
  before: RankedScores;
  after: RankedScores;
  /** grade.json scores averaged the same way (failed and missing tasks 0); null when the run has none (flat cells files). */
  grader: Scores | null;
  /** llm_judge cells of this system's answer the patch touches: their "after" verdicts are provisional. */
  needs_regrade: CellRef[];
  failed_tasks: string[];
  /** Tasks other runs have and this one has no result for (scored 0 in every average). */
  missing_tasks: string[];
  /** Tasks where the recomputed "before" differs from grade.json. */
  differing_tasks: string[];
  tasks: TaskRescore[];
}

export interface RescoreResult {
  revision: string;
  base_revision: string;
  operations: number;
  touched_tasks: string[];
  /** Total llm_judge cells to regrade, over all systems. */
  needs_regrade: number;
  /** Runs, best "after" rank first. */
  systems: SystemRescore[];
  /** The settled rulings not exported yet, previewed without a patch file: no tag was taken. */
  dry_run?: true;
}

export interface RevisionRecord {
  tag: string;
  base_revision: string;
  base_sha256: string | null;
  /** The patch's created_at (time of its latest ruling). */
  created_at: string | null;
  created_by: string;
  /** When this store first recorded the revision. */
  recorded_at: string;
  operations: number;
  patch_sha256: string;
  content_sha256: string;
  encrypted: boolean;
  /** sha256 of every revised dataset this store wrote by applying the patch. */
  datasets_after: string[];
  /** When the revised dataset was imported as the base, else null. */
  imported_at: string | null;
  /** Where the patch file was last written or applied from; null for revisions recorded before this was kept. */
  patch_path: string | null;
  /** Disputes the patch changes gold for. */
  disputes: number;
  /** Disputes recorded as settled by this revision. */
  settled: number;
}

/** One operation of a patch as the review (diff) view shows it: decrypted, or why it cannot be. */
export interface PatchReviewOperation {
  index: number;
  op: PatchOpKind;
  task_id: string;
  row: number;
  column: string | null;
  /** Plain text; null when the operation could not be decrypted (see `error`). */
  entity: string | null;
  from: PatchCellState | PatchRowState | null;
  to: PatchCellState | PatchRowState | null;
  evidence: string[];
  rulings: PatchRulingRef[];
  issues: number[];
  dispute_id: string;
  error: string | null;
}

export interface PatchReview {
  revision: string;
  base_revision: string;
  base_sha256: string | null;
  created_at: string | null;
  created_by: string;
  encrypted: boolean;
  operations: PatchReviewOperation[];
  /** The settled rulings not exported yet, reviewed without a patch file: no tag was taken. */
  dry_run?: true;
}
