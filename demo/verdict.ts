// The generator's model of the grader: verdicts must agree with gold under the
// shared normalisation, or the fixtures would teach the importer wrong facts.
import type { ColumnRule, GradingMethod, Verdict } from '../shared/domain';
import { normalizeText } from '../shared/normalize';
import { checkCell, equalsAccepted } from '../shared/rules';
import type { GoldCellJson } from './types';

export interface GradeOutcome {
  verdict: Verdict;
  method: GradingMethod;
  reasoning?: string;
}

/**
 * Grades one response cell. `judgeAccepts` lists the spellings the LLM judge
 * would accept beyond normalised equality (llm_judge columns only).
 */
export function gradeCell(
  rule: ColumnRule,
  gold: GoldCellJson,
  response: string,
  judgeAccepts: readonly string[] = [],
): GradeOutcome {
  const method: GradingMethod = rule.type === 'llm_judge' ? 'llm_judge' : 'deterministic';
  const judged = (verdict: Verdict, reasoning: string): GradeOutcome =>
    method === 'llm_judge' ? { verdict, method, reasoning } : { verdict, method };

  const check = checkCell(rule, gold, response);
  switch (check) {
    case 'ungraded':
      return judged('ungraded', 'gold marks this cell ungraded; not scored');
    case 'blank_ok':
      return judged('blank_ok', 'gold marks this blank and the response left it empty');
    case 'missing':
      return judged('missing', 'no value returned');
    case 'correct':
    case 'incorrect':
      if ('blank' in gold) return judged('incorrect', 'gold marks this blank (no data exists)');
      return { verdict: check, method };
    case 'needs_judge':
      break;
  }
  // Only value cells reach the judge (checkCell settles blank and ungraded first).
  const value = 'value' in gold ? gold.value : '';
  const criterion = rule.criterion ?? 'same meaning';
  if (equalsAccepted(gold, response)) return judged('correct', `"${response.trim()}" is the gold value`);
  const key = normalizeText(response);
  if (judgeAccepts.some((g) => normalizeText(g) === key)) {
    return judged('correct', `"${response.trim()}" names the same thing as "${value}" (${criterion})`);
  }
  return judged('incorrect', `"${response.trim()}" differs from "${value}" (${criterion})`);
}

/** The gold text a graded cell reports: the value, or empty for blank and ungraded. */
export function goldText(cell: GoldCellJson): string {
  return 'value' in cell ? cell.value : '';
}
