// A verdict the grader gave against other gold than the store holds now (a
// revision changed the cell since the run was graded) says nothing about the
// gold shown beside it. Each graded cell keeps the gold its grader recorded
// beside it; GoldAsRecorded tells, for one gold cell, which recordings name
// another value (the one definition derivation, report disputes, the panel
// and the score preview use). Derivation then takes such a cell's verdict from
// the current gold (Regrader), by the same comparison clusters use: a response
// whose normalised value is the gold's or an alternative's is correct, any
// other is incorrect (against blank gold every answer is, as the grader's
// rules have it). So after a revision the systems that gave the old value
// contest the new one, and those that gave the new value agree with it.
import type { GoldState, RuleType, Verdict } from '../../shared/domain';
import { normalizeForRule } from '../../shared/normalize';

/** A gold cell as graders record it beside their cells: its value, or '' when blank. */
export class GoldAsRecorded {
  private goldKey: string | undefined;

  private constructor(
    private readonly ruleType: RuleType | undefined,
    /** The value sealed as the store holds it, '' when blank: a cell that recorded these very bytes was graded against it. */
    readonly value_s: string,
    private readonly open: (sealed: string) => string,
  ) {}

  /** Null for an ungraded cell: nothing is graded against it, so nothing is graded again. */
  static of(
    ruleType: RuleType | undefined,
    gold: { state: GoldState; value_s: string | null },
    open: (sealed: string) => string,
  ): GoldAsRecorded | null {
    if (gold.state === 'blank') return new GoldAsRecorded(ruleType, '', open);
    return gold.state === 'value' && gold.value_s !== null ? new GoldAsRecorded(ruleType, gold.value_s, open) : null;
  }

  /**
   * The gold `recorded_s` names, opened, when it is another value than this
   * cell's; null when it is this value in any spelling (`94.0` for `94`) or
   * nothing was recorded. Opens nothing for the same bytes.
   */
  otherThan(recorded_s: string): string | null {
    if (recorded_s === this.value_s || recorded_s === '') return null;
    const recorded = this.open(recorded_s);
    if (this.value_s === '') return recorded;
    this.goldKey ??= normalizeForRule(this.ruleType, this.open(this.value_s));
    return normalizeForRule(this.ruleType, recorded) === this.goldKey ? null : recorded;
  }

  /** Whether any of these cells recorded other bytes: only then is a regrade worth opening anything. */
  anyOtherBytes(cells: readonly { recorded_s: string }[]): boolean {
    return cells.some((cell) => cell.recorded_s !== this.value_s && cell.recorded_s !== '');
  }
}

export interface GradedCell {
  verdict: Verdict;
  empty: boolean;
  /** The gold the grader recorded beside the cell, sealed; '' when it recorded none. */
  recorded_s: string;
}

export class Regrader {
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly ruleType: RuleType | undefined,
    private readonly gold: GoldAsRecorded,
    /** The current gold's value and alternatives, normalised (cluster.ts goldKeys). */
    private readonly goldKeys: ReadonlySet<string>,
  ) {}

  /** The cell's verdict against the current gold; `response` is read only when the grader's verdict no longer holds. */
  verdict(cell: GradedCell, response: () => string): Verdict {
    if (cell.empty || cell.verdict === 'ungraded' || this.gold.otherThan(cell.recorded_s) === null) return cell.verdict;
    return this.goldKeys.has(this.keyOf(response())) ? 'correct' : 'incorrect';
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
