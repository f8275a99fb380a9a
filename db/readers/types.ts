// What every input reader yields: plain, validated records. Readers know file
// formats; they know nothing of SQL. The importer (db/import/) writes them.
import type { SkippedItem } from '../../shared/api-types';
import type { GoldCell, GoldColumn, GradingMethod, Verdict } from '../../shared/domain';

export interface GoldRow {
  entity: string;
  aliases: string[];
  /** Keyed by column name; the entity column has no cell. */
  cells: Record<string, GoldCell>;
}

export interface ParsedGold {
  entity_column: string;
  columns: GoldColumn[];
  rows: GoldRow[];
}

export interface DatasetTask {
  task_id: string;
  canary: string;
  /** The fields exactly as the dataset ships them (encrypted). */
  question_enc: string;
  gold_enc: string;
  question: string;
  gold: ParsedGold;
}

export interface RunHeader {
  /** Stable identity of the run: the run directory's name, or "<system>@<file name>" for flat files. */
  run_key: string;
  system: string;
  suite_revision: string | null;
  judge_model: string | null;
  created_at: string | null;
  source_path: string;
  format: 'harness' | 'cells';
}

export interface SystemCellRecord {
  column: string;
  gold: string;
  response: string;
  verdict: Verdict;
  method: GradingMethod;
  sources: string[];
  reasoning: string | null;
}

export interface AlignmentRecord {
  gold_row: number | null;
  /** The gold entity's name when the input names it (flat interchange `entity`); null otherwise. */
  gold_entity?: string | null;
  response_row: number | null;
  response_entity: string | null;
  aligned_by: string | null;
  cells: SystemCellRecord[];
}

export interface RunTaskRecord {
  run: RunHeader;
  task_id: string;
  state: 'graded' | 'failed';
  /** sha256 over the task's input files: an unchanged task is skipped on re-import. */
  content_sha: string;
  /** The task directory or file:line the record came from, for reports. */
  path: string;
  scores: { discovery_f1: number; item_f1: number; row_f1: number } | null;
  returned_rows: number | null;
  rows: AlignmentRecord[];
  /**
   * Set when the task's files hash to what the store already holds for this
   * run and path: nothing was parsed, `rows` is empty and the writer skips it.
   */
  unchanged?: true;
}

/** What the store holds for one task directory of a run, by the directory's shown path. */
export interface KnownRunTask {
  task_id: string;
  state: 'graded' | 'failed';
  content_sha: string;
}

export interface JudgeOpinionRecord {
  task_id: string;
  gold_row: number | null;
  entity: string | null;
  column: string | null;
  judge: string;
  verdict: 'gold' | 'system' | 'both' | 'neither' | 'unclear';
  value: string | null;
  sources: string[];
  reasoning: string | null;
  /** sha256 of the line: the same opinion imported twice is stored once. */
  content_sha: string;
}

export type ReaderItem<T> = { ok: T } | { skipped: SkippedItem };

export type SourceKind = 'dataset' | 'run' | 'cells' | 'judges' | 'rulings' | 'reports';

export interface ReaderOptions {
  signal?: AbortSignal;
  /** Files larger than this are refused with a message (default 64 MiB). */
  maxFileBytes?: number;
  /**
   * A flat cells file keeps at most this many bytes of lines parsed in memory
   * (default 16 MiB); lines past it are read again from the file when their
   * task is yielded, so memory is bounded by the largest task, not the file.
   */
  heldLineBytes?: number;
  /**
   * The tasks the store already holds for a run (looked up once per run, when
   * its first task is read): a task whose files hash the same is not parsed.
   */
  knownTasks?: (run: RunHeader) => ReadonlyMap<string, KnownRunTask>;
}
