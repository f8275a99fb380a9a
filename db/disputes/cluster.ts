// Grouping system values into clusters (design.md §5), independent of SQL.
import type { RuleType, Verdict } from '../../shared/domain';
import { normalizeForRule } from '../../shared/normalize';
import { preferredSpelling } from '../../shared/spelling';

export interface ClusterInput {
  system: string;
  response: string;
  verdict: Verdict;
}

export interface Cluster {
  key: string;
  /** The preferred spelling among the cluster's values (shared/spelling.ts: most frequent, then mixed case), whitespace tidied. */
  value: string;
  systems: string[];
  agreesWithGold: boolean;
}

export function goldKeys(
  ruleType: RuleType | undefined,
  goldValue: string | null,
  alternatives: readonly string[],
): Set<string> {
  const keys = new Set<string>();
  for (const value of goldValue === null ? alternatives : [goldValue, ...alternatives])
    keys.add(normalizeForRule(ruleType, value));
  return keys;
}

/**
 * Clusters non-empty responses: those disagreeing with gold first (so key `a`
 * picks the leading contesting value), biggest first, then by value.
 */
export function clusterValues(
  ruleType: RuleType | undefined,
  cells: readonly ClusterInput[],
  goldKeySet: ReadonlySet<string>,
): Cluster[] {
  const groups = new Map<string, { spellings: Map<string, number>; systems: Set<string>; judgedCorrect: boolean }>();
  // Systems mostly agree: normalise each distinct spelling once (NFKC and case folding are not cheap).
  const keys = new Map<string, string>();
  for (const cell of cells) {
    const response = cell.response.trim();
    if (response === '') continue;
    let key = keys.get(response);
    if (key === undefined) {
      key = normalizeForRule(ruleType, response);
      keys.set(response, key);
    }
    let group = groups.get(key);
    if (!group) {
      group = { spellings: new Map(), systems: new Set(), judgedCorrect: false };
      groups.set(key, group);
    }
    group.spellings.set(response, (group.spellings.get(response) ?? 0) + 1);
    group.systems.add(cell.system);
    if (cell.verdict === 'correct') group.judgedCorrect = true;
  }
  const clusters: Cluster[] = [];
  for (const [key, group] of groups) {
    const value = preferredSpelling(group.spellings)!;
    clusters.push({
      key,
      value,
      systems: [...group.systems].sort(),
      agreesWithGold: goldKeySet.has(key) || group.judgedCorrect,
    });
  }
  return clusters.sort(
    (a, b) =>
      Number(a.agreesWithGold) - Number(b.agreesWithGold) ||
      b.systems.length - a.systems.length ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}
