// The grading rules of design.md §4.1 in one place: the fixture generator grades
// with them and the score preview re-checks patched cells with them, so both
// agree with the shared normalisation (shared/normalize.ts) by construction.
import type { ColumnRule, GoldState } from './domain';
import { isoToDays, normalizeText, parseDate, parseNumber, splitList, urlHost } from './normalize';

/** What a rule says about one response cell. `needs_judge`: an llm_judge column whose answer only a judge can settle. */
export type CellCheck = 'correct' | 'incorrect' | 'needs_judge' | 'blank_ok' | 'missing' | 'ungraded';

/**
 * A gold cell in either shape the code base uses: the dataset/patch JSON
 * (`{value, alternatives?}`, `{blank: true}`, `{ungraded: true}`) or the
 * store's GoldCell (`{state, value, alternatives}`).
 */
export type RuleGold =
  | { value: string; alternatives?: readonly string[] }
  | { blank: true }
  | { ungraded: true }
  | { state: GoldState; value: string | null; alternatives?: readonly string[] };

interface Accepted {
  state: GoldState;
  /** The gold value first, then its accepted alternatives. */
  values: string[];
}

function accepted(gold: RuleGold): Accepted {
  if ('state' in gold) {
    const values = gold.state === 'value' ? [gold.value ?? '', ...(gold.alternatives ?? [])] : [];
    return { state: gold.state, values };
  }
  if ('blank' in gold) return { state: 'blank', values: [] };
  if ('ungraded' in gold) return { state: 'ungraded', values: [] };
  return { state: 'value', values: [gold.value, ...(gold.alternatives ?? [])] };
}

/**
 * Whether `response` matches one accepted gold spelling under a deterministic
 * rule. A value a rule cannot parse (a number column holding "unknown") falls
 * back to normalised text equality, so equal text is never graded wrong.
 */
export function matchesRule(rule: ColumnRule, gold: string, response: string): boolean {
  switch (rule.type) {
    case 'number': {
      const g = parseNumber(gold);
      const r = parseNumber(response);
      if (g === null || r === null) return normalizeText(gold) === normalizeText(response);
      // Both tolerances may be given; the looser one applies. The epsilon absorbs
      // binary rounding (0.1 + 0.2) so a value exactly at the bound passes.
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
      // Gold that is not a URL cannot name a host; compare it as text instead.
      if (g === null) return normalizeText(gold) === normalizeText(response);
      return g === urlHost(response);
    }
    case 'entity':
    case 'text':
    case 'choice':
    case 'llm_judge':
      return normalizeText(gold) === normalizeText(response);
  }
}

/**
 * Grades one response against one gold cell. Order matters and mirrors the
 * grader: ungraded gold is excluded whatever was answered; blank gold earns
 * credit only when the response is empty; an empty response to a value is
 * `missing`; then the column's rule decides (llm_judge columns go to a judge).
 */
export function checkCell(rule: ColumnRule, gold: RuleGold, response: string): CellCheck {
  const { state, values } = accepted(gold);
  const empty = response.trim() === '';
  if (state === 'ungraded') return 'ungraded';
  if (state === 'blank') return empty ? 'blank_ok' : 'incorrect';
  if (empty) return 'missing';
  if (rule.type === 'llm_judge') return 'needs_judge';
  return values.some((value) => matchesRule(rule, value, response)) ? 'correct' : 'incorrect';
}

/** Whether `response` is, after normalisation, one of the accepted spellings: what any judge accepts. */
export function equalsAccepted(gold: RuleGold, response: string): boolean {
  const key = normalizeText(response);
  return key !== '' && accepted(gold).values.some((value) => normalizeText(value) === key);
}
