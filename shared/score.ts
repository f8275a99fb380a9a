// The F1 arithmetic of design.md §7.3, on counts. Pure, so the score preview, the
// fixture generator and hand-checked tests share one definition.

export interface Scores {
  discovery_f1: number;
  item_f1: number;
  row_f1: number;
}

/** What one system's answer to one task comes to, counted per design.md §7.3. */
export interface TaskCounts {
  /** R: rows the system returned. */
  returnedRows: number;
  /** G: gold rows. */
  goldRows: number;
  /** M: returned rows matched to a gold row. */
  matchedRows: number;
  /** Cells of the returned rows (entity cell + gradable columns; every column for an extra row). */
  returnedCells: number;
  /** Cells of the gold rows (entity cell + gradable columns). */
  goldCells: number;
  correctCells: number;
  correctRows: number;
}

export const ZERO_SCORES: Scores = Object.freeze({ discovery_f1: 0, item_f1: 0, row_f1: 0 });

/** Harmonic mean of precision and recall; 0 when both are 0. */
export function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** a / b, with 0 for an empty denominator (no rows returned: precision 0, not NaN). */
export function ratio(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

export function scoresFromCounts(c: TaskCounts): Scores {
  return {
    discovery_f1: f1(ratio(c.matchedRows, c.returnedRows), ratio(c.matchedRows, c.goldRows)),
    item_f1: f1(ratio(c.correctCells, c.returnedCells), ratio(c.correctCells, c.goldCells)),
    row_f1: f1(ratio(c.correctRows, c.returnedRows), ratio(c.correctRows, c.goldRows)),
  };
}

/** The mean of each score over tasks; all zero for no tasks. */
export function averageScores(scores: readonly Scores[]): Scores {
  if (scores.length === 0) return { ...ZERO_SCORES };
  const sum = (key: keyof Scores): number => scores.reduce((total, s) => total + s[key], 0) / scores.length;
  return { discovery_f1: sum('discovery_f1'), item_f1: sum('item_f1'), row_f1: sum('row_f1') };
}

/** Whether two score sets differ beyond floating-point noise (grade.json rounds, sums reorder). */
export function scoresDiffer(a: Scores, b: Scores, tolerance = 1e-6): boolean {
  return (
    Math.abs(a.discovery_f1 - b.discovery_f1) > tolerance ||
    Math.abs(a.item_f1 - b.item_f1) > tolerance ||
    Math.abs(a.row_f1 - b.row_f1) > tolerance
  );
}

export interface RankInput {
  key: string;
  scores: Scores;
}

/**
 * Competition ranks ("1, 2, 2, 4") by row F1, ties broken by item F1; entries
 * equal on both share a rank. Returns key -> rank.
 */
export function rankByScores(entries: readonly RankInput[], tolerance = 1e-12): Map<string, number> {
  const sorted = [...entries].sort(
    (a, b) =>
      b.scores.row_f1 - a.scores.row_f1 ||
      b.scores.item_f1 - a.scores.item_f1 ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const ranks = new Map<string, number>();
  sorted.forEach((entry, index) => {
    const previous = sorted[index - 1];
    const tied =
      previous !== undefined &&
      Math.abs(previous.scores.row_f1 - entry.scores.row_f1) <= tolerance &&
      Math.abs(previous.scores.item_f1 - entry.scores.item_f1) <= tolerance;
    ranks.set(entry.key, tied ? ranks.get(previous.key)! : index + 1);
  });
  return ranks;
}
