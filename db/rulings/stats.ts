// Agreement statistics over counted rulings (issue: several engineers): two
// rulings agree when decision and normalised value agree (positions.agreement_key).
import type { AgreementStats, AgreementSummary } from '../../shared/api-types';
import { cohensKappa, krippendorffAlphaNominal } from '../../shared/reliability';
import { statusCounts } from '../queries';
import type { Store } from '../store';
import { readPolicy } from './policy';

interface PositionRow {
  dispute_id: string;
  engineer: string;
  agreement_key: string;
  rule_type: string | null;
  kind: string;
}

function summarise(positions: readonly PositionRow[], engineers: readonly string[]): AgreementSummary {
  const byDispute = new Map<string, Map<string, string>>();
  for (const position of positions) {
    const ruling = byDispute.get(position.dispute_id) ?? new Map<string, string>();
    ruling.set(position.engineer, position.agreement_key);
    byDispute.set(position.dispute_id, ruling);
  }
  const shared = [...byDispute.values()].filter((rulings) => rulings.size >= 2);
  const unanimous = shared.filter((rulings) => new Set(rulings.values()).size === 1).length;
  const pairs: AgreementSummary['pairs'] = [];
  for (let i = 0; i < engineers.length; i++) {
    for (let j = i + 1; j < engineers.length; j++) {
      const a = engineers[i]!,
        b = engineers[j]!;
      const items: [string, string][] = [];
      for (const rulings of shared) {
        const first = rulings.get(a),
          second = rulings.get(b);
        if (first !== undefined && second !== undefined) items.push([first, second]);
      }
      const result = cohensKappa(items);
      if (result.n > 0) pairs.push({ a, b, n: result.n, percent: result.percent, kappa: result.kappa });
    }
  }
  return {
    disputes: shared.length,
    percent_agreement: shared.length > 0 ? unanimous / shared.length : null,
    alpha: krippendorffAlphaNominal(shared.map((rulings) => [...rulings.values()])).alpha,
    pairs,
  };
}

export function agreementStats(store: Store): AgreementStats {
  const { db } = store;
  const positions = db
    .prepare<[], PositionRow>(
      `SELECT p.dispute_id, p.engineer, p.agreement_key, d.rule_type, d.kind
         FROM positions p JOIN disputes d ON d.id = p.dispute_id
        ORDER BY p.dispute_id, p.engineer`,
    )
    .all();
  const engineers = [...new Set(positions.map((position) => position.engineer))].sort();
  const groupSummary = (keyOf: (position: PositionRow) => string): Record<string, AgreementSummary> => {
    const groups = new Map<string, PositionRow[]>();
    for (const position of positions) {
      const key = keyOf(position);
      const group = groups.get(key);
      if (group) group.push(position);
      else groups.set(key, [position]);
    }
    return Object.fromEntries([...groups.keys()].sort().map((key) => [key, summarise(groups.get(key)!, engineers)]));
  };
  const perDay = db
    .prepare<[], { day: string; engineer: string; rulings: number }>(
      `SELECT substr(created_at, 1, 10) AS day, engineer, count(*) AS rulings FROM rulings
        WHERE decision <> 'retract' GROUP BY day, engineer ORDER BY day, engineer`,
    )
    .all();
  const policy = readPolicy(db);
  return {
    engineers,
    overall: summarise(positions, engineers),
    by_rule_type: groupSummary((position) => position.rule_type ?? 'unknown'),
    by_kind: groupSummary((position) => position.kind),
    progress: statusCounts(store),
    per_day: perDay,
    policy: { required: policy.required, blind: policy.blind },
  };
}
