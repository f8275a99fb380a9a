// Result shapes of the AdjudicatorApi (shared/api.ts).
import type { ReportView } from './report-parse';
import type { ReportImportResult } from './report-types';
import type { ApplyResult, PatchMismatch, RescoreResult } from './revision-types';
import type { GoldOperation } from './gold-operation';
import type { ColumnRule, Decision, DisputeKind, DisputeStatus, GoldState, GradingMethod, Verdict } from './domain';

export interface SkippedItem {
  /** The file, including its run directory. */
  path: string;
  field: string;
  reason: string;
}

export interface ImportReport {
  tasks: number;
  systems: number;
  cells: number;
  disputes: number;
  judges: number;
  skipped: SkippedItem[];
  /** Failed tasks (error.json) per run: reported, not imported. */
  failed: { path: string; task_id: string; system: string }[];
  /** Sources read: dataset, cells, judges, ruling and issue files, and run directories (one each). */
  files: number;
  /** Ruling logs found among the paths, merged in the same transaction. */
  rulings?: RulingLogImport;
  /** GitHub issue files found among the paths. */
  reports?: ReportImportResult;
  /** Runs of systems the store had, replaced by this import's (with replace runs on). */
  replaced_runs?: { system: string; path: string; by: string }[];
  /**
   * The dataset imported is a revision this store exported (applied with
   * this store, or recognised by its gold), now the base:
   * disputes its patch settled, and tasks it changed whose gold the import
   * left as it was (their disputes are not settled; see `skipped`).
   */
  revision?: {
    tag: string;
    settled: number;
    tasks_left: string[];
    /** Recognised by its gold (it shows every operation of the revision's patch): it was applied without this store. */
    recognised_by_gold: boolean;
  };
  /**
   * Counted rulings whose gold row, with the gold this import brought, holds
   * another entity than the one ruled on (merged before the dataset, or the
   * task's rows moved): export refuses them until they are ruled again.
   */
  misplaced_rulings?: { dispute_id: string; engineer: string; reason: string }[];
  /**
   * Runs in the store without a result for tasks other runs have (after an
   * import that brought runs): the score preview counts each such task 0 for
   * that system. `tasks` names the first ten.
   */
  incomplete_runs?: { system: string; run: string; missing: number; tasks: string[] }[];
}

export type JobState = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobStatus {
  id: string;
  kind: 'import' | 'export' | 'demo' | 'apply' | 'reports' | 'rescore';
  state: JobState;
  done: number;
  total: number;
  message: string;
  report?: ImportReport;
  /** For `apply` jobs: the revised dataset written. */
  apply?: ApplyResult;
  /** For `reports` jobs: the GitHub issues imported. */
  reports?: ReportImportResult;
  /** For `export` jobs: the patch written. */
  export?: ExportResult;
  /** For `rescore` jobs: the score preview. */
  rescore?: RescoreResult;
  /** For a failed `apply`: why the patch was refused, to show as a table (also said in `error`). */
  refusal?: ApplyRefusal;
  error?: string;
}

/** A patch refused by apply: nothing was written. */
export interface ApplyRefusal {
  /**
   * The dataset is not the patch's base: the checksums. `byGold`: the patch
   * names its base's gold too (base_gold_sha256), and this file's differs, so
   * it is not the base in another format either.
   */
  base: { expected: string; found: string; byGold?: boolean } | null;
  mismatches: PatchMismatch[];
}

export interface GoldView {
  state: GoldState;
  value: string | null;
}

export interface ClusterView {
  value: string;
  systems: string[];
  agrees_with_gold: boolean;
}

export interface DisputeRow {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
  gold: GoldView;
  top_value: string | null;
  top_count: number;
  contesting: number;
  status: DisputeStatus;
  priority: number;
  my_decision: Decision | null;
  has_report: boolean;
}

export interface DisputeListing {
  rows: DisputeRow[];
  total: number;
}

export interface SystemCellView {
  system: string;
  run: string;
  response_entity: string | null;
  response: string;
  verdict: Verdict;
  method: GradingMethod;
  reasoning: string | null;
  sources: string[];
  aligned_by: string | null;
  /**
   * The gold the grader graded this cell against, when it is another value
   * than the gold shown (a revision changed the cell since): the verdict and
   * reasoning are about that value. Null when graded against the gold shown.
   */
  graded_against: string | null;
}

export interface ClusterDetail extends ClusterView {
  key: string;
  cells: SystemCellView[];
}

export interface JudgeOpinionView {
  judge: string;
  verdict: 'gold' | 'system' | 'both' | 'neither' | 'unclear';
  value: string | null;
  sources: string[];
  reasoning: string | null;
}

export interface RulingView {
  id: string;
  engineer: string;
  decision: Decision | 'retract';
  value: string | null;
  values: Record<string, string> | null;
  row: number | null;
  rationale: string | null;
  evidence: string[];
  revision: string | null;
  created_at: string;
  retracts: string | null;
  /**
   * The spelling accepted from a system when the ruling writes another (gold's
   * format, docs/formats.md): `value` is what is written. Null when the
   * ruling writes what it accepted, or was recorded before both were kept
   * (absent: the same).
   */
  accepted?: string | null;
  /** add_row: the cells as accepted from the systems, when any is written in another spelling; null (or absent) otherwise. */
  accepted_values?: Record<string, string> | null;
  /** False when superseded by a later ruling of the same engineer, or retracted. */
  counted: boolean;
}

export interface MissingRowSystemView {
  system: string;
  entity: string;
  values: { column: string; value: string; sources: string[] }[];
  sources: string[];
}

export interface DisputeDetail {
  dispute: DisputeRow;
  question: string | null;
  entity_column: string | null;
  column_rule: ColumnRule | null;
  gold: GoldView & { alternatives: string[]; sources: string[] };
  gold_row: { entity: string; aliases: string[] } | null;
  /** Every gold row of the task (for add_alias and remove_row: which row is meant). */
  task_rows: { row: number; entity: string; aliases: string[] }[];
  /** The task's columns; `gold_values`: every value the column's gold holds, which gold's format is read from. */
  columns: { name: string; rule: ColumnRule; gold_values?: string[] }[];
  clusters: ClusterDetail[];
  missing_row_systems: MissingRowSystemView[];
  judges: JudgeOpinionView[];
  rulings: RulingView[];
  /** True when other engineers' rulings are hidden until the viewer rules (blind review). */
  rulings_hidden: boolean;
  /** How many other engineers have ruled, when their rulings are hidden (0 otherwise): a count, never what they ruled. */
  hidden_engineers: number;
  settled_by_revision: string | null;
  /** GitHub reports attached to this dispute (render every text as text). */
  reports: ReportView[];
}

export interface Facets {
  columns: string[];
  systems: string[];
  tasks: string[];
}

export interface StatusCounts {
  open: number;
  resolved: number;
  conflict: number;
  total: number;
}

/** What a number of agreeing engineers would do to statuses if saved (`previewPolicy`). */
export interface PolicyEffect {
  /** Resolved disputes with fewer agreeing engineers: they go back to open. */
  reopen: number;
  /** Open disputes that many engineers already agree on: they resolve. */
  resolve: number;
}

/**
 * Changes whenever the store's data changes, whoever wrote it: another
 * connection's commit (a command line in another window, another app, an
 * import's own connection) or a write through this service by any client (a
 * script calling a running app's bridge). Only meaningful compared with an
 * earlier answer from the same host; a client that wrote itself asks again
 * before comparing, so its own writes are not taken for someone else's.
 */
export interface DataVersion {
  /** Moves for every write to the store, whoever made it. */
  version: number;
  /** Moves only for writes made on another connection: another process (a `rule` on the command line, a second app) or a job. */
  external: number;
}

export interface StoreInfo {
  store_path: string;
  engineer: string;
  revision: string | null;
  dataset_sha256: string | null;
  /** Where the base dataset was imported from (the release desk's Apply starts there). */
  dataset_path: string | null;
  counts: StatusCounts;
  tasks: number;
  runs: number;
  policy: { required: number; blind: boolean };
  version: string;
}

export interface RuleResult {
  ruling: RulingView;
  status: DisputeStatus;
  /** The gold operation the ruling writes, as export will write it (describeGoldOperation says it in words). */
  operation: GoldOperation;
  /**
   * What was recorded but may not grade as meant (a value with no number in it
   * for a column graded by rule number); absent when there is nothing to say.
   */
  warnings?: string[];
}

export interface ExportResult {
  path: string;
  revision: string;
  operations: number;
  sha256: string;
  encrypted: boolean;
  /** What the engineer should know before applying and importing it (e.g. rows removed under graded runs). */
  warnings?: string[];
  /** The disputes the patch leaves out (in conflict, or open), as they were before it was written. */
  left_out?: LeftOutSummary;
}

/** A dispute an export leaves out, named as people name it. */
export interface LeftOutDispute {
  id: string;
  status: 'open' | 'conflict';
  kind: DisputeKind;
  task_id: string;
  entity: string;
  column: string | null;
  /** Engineers with a counted ruling on it. */
  rulings: number;
  /** "task · “entity” › column" (shared/dispute-name.ts). */
  name: string;
}

/** What an export would leave out: counts, and the conflicts and ruled open disputes by name (the first 200). */
export interface LeftOutSummary {
  conflicts: number;
  /** Open disputes with rulings that do not settle them yet (the policy wants more engineers). */
  open_ruled: number;
  /** Open disputes nobody ruled on: counted, not named. */
  open_unruled: number;
  disputes: LeftOutDispute[];
}

export interface Settings {
  engineer: string;
  /**
   * The engineer saw and confirmed this name: saved in Settings, or given at launch (--engineer,
   * $ATLAS_ADJUDICATOR_ENGINEER). Until then the app asks for it, and rulings wait.
   */
  confirmed: boolean;
}

export interface AgreementSummary {
  /** Disputes ruled by at least two engineers. */
  disputes: number;
  percent_agreement: number | null;
  alpha: number | null;
  pairs: { a: string; b: string; n: number; percent: number | null; kappa: number | null }[];
}

export interface AgreementStats {
  engineers: string[];
  overall: AgreementSummary;
  by_rule_type: Record<string, AgreementSummary>;
  by_kind: Record<string, AgreementSummary>;
  progress: StatusCounts;
  /** Rulings made per engineer per UTC day (retractions excluded). */
  per_day: { day: string; engineer: string; rulings: number }[];
  policy: { required: number; blind: boolean };
}

export interface RulingLogExport {
  path: string;
  rulings: number;
  /** Audit verdicts written after the rulings, when there are any. */
  audit_verdicts?: number;
}

export interface RulingLogImport {
  added: number;
  duplicates: number;
  refused: { line: string; reason: string }[];
}
