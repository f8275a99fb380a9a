// The generator's own shapes: the JSON it writes (design.md §4) and the plan of a
// task from which every system's answer is simulated.
import type { GoldColumn, GradingMethod, Verdict } from '../shared/domain';
import type { Rng } from './prng';

export type GoldCellJson =
  { value: string; sources?: string[]; alternatives?: string[] } | { blank: true } | { ungraded: true };

export interface GoldRowJson {
  entity: string;
  aliases: string[];
  cells: Record<string, GoldCellJson>;
}

export interface GoldJson {
  entity_column: string;
  columns: GoldColumn[];
  rows: GoldRowJson[];
}

/** How values of one column are invented, spelled differently, and got wrong. */
export interface ValueKind {
  gen(rng: Rng): string;
  /** A value the grader rejects against `gold` (checked by the caller). */
  wrong(rng: Rng, gold: string): string;
  /** Other spellings that normalise to the same key as `value` (design.md §5). */
  respell(value: string): string[];
  /** Spellings only an LLM judge accepts (llm_judge columns). */
  judgeAccepts?(gold: string): string[];
  /** Spellings gold may list as accepted alternatives. */
  alternatives?(gold: string): string[];
}

export interface PlannedColumn {
  column: GoldColumn;
  kind: ValueKind;
}

export interface PlannedRow {
  entity: string;
  aliases: string[];
  /** A name only the LLM aligner maps to this row. */
  llmName: string;
}

/** Several systems agreeing on the same value against gold: one cluster. */
export interface Contest {
  row: number;
  column: string;
  value: string;
  /** Indices into the graded systems (harness systems, then the flat-file system). */
  systems: number[];
}

/** An entity gold lacks that several systems return, each spelling it its own way. */
export interface ExtraEntity {
  names: string[];
  values: Record<string, string>;
  systems: number[];
}

/** A scripted answer (the Zelda task): this system gives this value. */
export interface ForcedValue {
  system: number;
  row: number;
  column: string;
  value: string;
}

export interface TaskPlan {
  id: string;
  canary: string;
  question: string;
  entityColumn: string;
  columns: PlannedColumn[];
  rows: PlannedRow[];
  gold: GoldJson;
  contests: Contest[];
  extras: ExtraEntity[];
  forced: ForcedValue[];
  /**
   * Scripted tasks (Zelda) disagree only where the script says: every other
   * cell agrees with gold, and only the listed rows are missed.
   */
  scripted: boolean;
  misses: { system: number; row: number }[];
  /** Names no gold row uses: a system returning one adds a one-off extra entity. */
  decoys: string[];
  /** Host and path prefix of source URLs (`en.wikipedia.org/wiki`); gold cites the first. */
  sourceHosts: string[];
}

export interface GradedCell {
  column: string;
  gold: string;
  response: string;
  verdict: Verdict;
  method: GradingMethod;
  sources?: string[];
  reasoning?: string;
}

export interface Alignment {
  gold_row: number | null;
  response_row: number | null;
  response_entity: string | null;
  aligned_by: 'name' | 'alias' | 'llm' | null;
  cells: GradedCell[];
}

export interface Citation {
  url: string;
  title: string;
  row: number;
  column: string;
}

export interface Scores {
  discovery_f1: number;
  item_f1: number;
  row_f1: number;
}

/** One system's simulated, graded answer to one task. */
export interface SystemAnswer {
  /** Rows in the order the system returned them: entity name, then values by column. */
  table: { entity: string; values: Record<string, string> }[];
  alignments: Alignment[];
  citations: Citation[];
  scores: Scores;
  judgeCostUsd: number;
}
