// The generator's model of the grader: verdicts must agree with gold under the
// shared normalisation, or the fixtures would teach the importer wrong facts.
import type { ColumnRule, GradingMethod, Verdict } from '../../shared/domain';
import { isoToDays, normalizeText, parseDate, parseNumber, splitList, urlHost } from '../../shared/normalize';
import type { GoldCellJson } from './types';

/** Whether `response` matches one accepted gold spelling under a deterministic rule. */
export function matchesRule(rule: ColumnRule, gold: string, response: string): boolean {
  switch (rule.type) {
    case 'number': {
      const g = parseNumber(gold);
      const r = parseNumber(response);
      if (g === null || r === null) return normalizeText(gold) === normalizeText(response);
      const allowed = Math.max(rule.tolerance ?? 0, Math.abs(g) * (rule.relative_tolerance ?? 0));
      return Math.abs(g - r) <= allowed + 1e-9;
    }
    case 'date': {
      const g = parseDate(gold);
      const r = parseDate(response);
      if (g === null || r === null) return normalizeText(gold) === normalizeText(response);
      return Math.abs(isoToDays(g) - isoToDays(r)) <= (rule.tolerance_days ?? 0);
    }
    case 'list':
      return splitList(gold).join('\u001f') === splitList(response).join('\u001f');
    case 'url': {
      const g = urlHost(gold);
      return g !== null && g === urlHost(response);
    }
    default:
      return normalizeText(gold) === normalizeText(response);
  }
}

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
  const empty = response.trim() === '';
  const judged = (verdict: Verdict, reasoning: string): GradeOutcome =>
    method === 'llm_judge' ? { verdict, method, reasoning } : { verdict, method };

  if ('ungraded' in gold) return judged('ungraded', 'gold marks this cell ungraded; not scored');
  if ('blank' in gold) {
    return empty
      ? judged('blank_ok', 'gold marks this blank and the response left it empty')
      : judged('incorrect', 'gold marks this blank (no data exists)');
  }
  if (empty) return judged('missing', 'no value returned');

  const accepted = [gold.value, ...(gold.alternatives ?? [])];
  if (method === 'deterministic') {
    return { verdict: accepted.some((g) => matchesRule(rule, g, response)) ? 'correct' : 'incorrect', method };
  }
  const key = normalizeText(response);
  const criterion = rule.criterion ?? 'same meaning';
  if (accepted.some((g) => normalizeText(g) === key)) {
    return judged('correct', `"${response.trim()}" is the gold value`);
  }
  if (judgeAccepts.some((g) => normalizeText(g) === key)) {
    return judged('correct', `"${response.trim()}" names the same thing as "${gold.value}" (${criterion})`);
  }
  return judged('incorrect', `"${response.trim()}" differs from "${gold.value}" (${criterion})`);
}

/** The gold text a graded cell reports: the value, or empty for blank and ungraded. */
export function goldText(cell: GoldCellJson): string {
  return 'value' in cell ? cell.value : '';
}
