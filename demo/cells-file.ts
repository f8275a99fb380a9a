// Flat interchange lines (design.md §4.3) for a system graded outside the harness.
// With no result.json beside them, each line carries its resolved sources.
import type { GradingMethod, Verdict } from '../shared/domain';
import type { SystemAnswer, TaskPlan } from './types';

export interface CellLine {
  task_id: string;
  system: string;
  gold_row: number | null;
  /** The gold entity; null for an extra entity (response_entity names it). */
  entity: string | null;
  response_entity: string | null;
  column: string;
  gold: string;
  response: string;
  verdict: Verdict;
  method: GradingMethod;
  sources: string[];
  reasoning: string | null;
}

export function cellLines(plan: TaskPlan, system: string, answer: SystemAnswer): CellLine[] {
  const lines: CellLine[] = [];
  for (const alignment of answer.alignments) {
    const row = alignment.response_row;
    for (const cell of alignment.cells) {
      // Same precedence the importer applies to harness runs: cell, then cell citation, then row citation.
      const cited = answer.citations.filter((c) => c.row === row && c.column === cell.column).map((c) => c.url);
      const rowCited = answer.citations
        .filter((c) => c.row === row && c.column === plan.entityColumn)
        .map((c) => c.url);
      lines.push({
        task_id: plan.id,
        system,
        gold_row: alignment.gold_row,
        entity: alignment.gold_row === null ? null : plan.rows[alignment.gold_row]!.entity,
        response_entity: alignment.response_entity,
        column: cell.column,
        gold: cell.gold,
        response: cell.response,
        verdict: cell.verdict,
        method: cell.method,
        sources: cell.sources ?? (cited.length > 0 ? cited : rowCited),
        reasoning: cell.reasoning ?? null,
      });
    }
  }
  return lines;
}
