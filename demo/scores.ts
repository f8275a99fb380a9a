// Scores per design.md §7.3, computed from the generated verdicts so grade.json
// agrees with what the tool's own recomputation will find.
import type { Alignment, GoldJson, Scores } from './types';

function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

export function scoreTask(gold: GoldJson, alignments: readonly Alignment[]): Scores {
  const attributeColumns = gold.columns.length - 1;
  // A row's cells: its entity cell plus every gradable (not ungraded) attribute.
  const gradable = gold.rows.map((row) => 1 + Object.values(row.cells).filter((cell) => !('ungraded' in cell)).length);
  const goldCells = gradable.reduce((a, b) => a + b, 0);

  let returned = 0;
  let matched = 0;
  let returnedCells = 0;
  let correctCells = 0;
  let correctRows = 0;
  for (const a of alignments) {
    if (a.response_row === null) continue;
    returned++;
    if (a.gold_row === null) {
      returnedCells += 1 + attributeColumns;
      continue;
    }
    matched++;
    returnedCells += gradable[a.gold_row]!;
    const good = 1 + a.cells.filter((c) => c.verdict === 'correct' || c.verdict === 'blank_ok').length;
    correctCells += good;
    if (good === gradable[a.gold_row]) correctRows++;
  }
  const rows = gold.rows.length;
  return {
    discovery_f1: f1(ratio(matched, returned), ratio(matched, rows)),
    item_f1: f1(ratio(correctCells, returnedCells), ratio(correctCells, goldCells)),
    row_f1: f1(ratio(correctRows, returned), ratio(correctRows, rows)),
  };
}
