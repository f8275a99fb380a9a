// A verdict the grader gave against other gold than the store holds now (a
// revision changed the cell since the run was graded) says nothing about the
// gold shown beside it. Derivation takes such a cell's verdict from the
// current gold instead, by the same comparison clusters use: a response whose
// normalised value is the gold's or an alternative's is correct, any other is
// incorrect (against blank gold every answer is, as the grader's rules have it).
// So after a revision the systems that gave the old value contest the new one,
// and those that gave the new value agree with it.
import type { GoldState, RuleType, Verdict } from '../../shared/domain';
import { normalizeForRule } from '../../shared/normalize';

export interface CurrentGold {
  /** Null when the gold cell is blank. */
  value: string | null;
  /** `value` sealed as the store holds it ('' when blank, as graders record it): a cell that recorded these same bytes was graded against it. */
  value_s: string;
  keys: ReadonlySet<string>;
}

export interface GradedCell {
  verdict: Verdict;
  empty: boolean;
  /** The gold the grader recorded beside the cell, sealed; '' when it recorded none. */
  recorded_s: string;
}

/** A gold cell's value as graders record it beside their cells; null for an ungraded one (never regraded). */
export function currentGold(gold: { state: GoldState; value: string | null; value_s: string | null }): Omit<CurrentGold, 'keys'> | null {
  if (gold.state === 'blank') return { value: null, value_s: '' };
  return gold.state === 'value' && gold.value !== null && gold.value_s !== null ? { value: gold.value, value_s: gold.value_s } : null;
}

/** Whether any cell of the group was graded against other text than the gold (sealed): only then is a regrade worth opening anything. */
export const anyOtherRecording = (cells: readonly Pick<GradedCell, 'recorded_s'>[], goldSealed: string): boolean =>
  cells.some((cell) => cell.recorded_s !== goldSealed && cell.recorded_s !== '');

export class Regrader {
  private readonly goldKey: string | null;
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly ruleType: RuleType | undefined,
    private readonly gold: CurrentGold,
    private readonly open: (sealed: string) => string,
  ) {
    this.goldKey = gold.value === null ? null : normalizeForRule(ruleType, gold.value);
  }

  /** The cell's verdict against the current gold; `response` is read only when the grader's verdict no longer holds. */
  verdict(cell: GradedCell, response: () => string): Verdict {
    if (cell.empty || cell.verdict === 'ungraded' || !this.gradedAgainstOther(cell.recorded_s)) return cell.verdict;
    return this.gold.keys.has(this.keyOf(response())) ? 'correct' : 'incorrect';
  }

  /** Another spelling of the same value (`94.0` for `94`) is the same gold; an empty recording says nothing. */
  private gradedAgainstOther(recorded_s: string): boolean {
    if (recorded_s === this.gold.value_s || recorded_s === '') return false;
    return this.goldKey === null || this.keyOf(this.open(recorded_s)) !== this.goldKey;
  }

  private keyOf(text: string): string {
    let key = this.keys.get(text);
    if (key === undefined) {
      key = normalizeForRule(this.ruleType, text);
      this.keys.set(text, key);
    }
    return key;
  }
}
