// What the app and the command line both say about a dispute's clusters: the
// letter each one goes by, and the spellings systems wrote it in.
import type { ClusterDetail } from './api-types';
import type { ColumnRule } from './domain';
import { normalizeForRule } from './normalize';
import { rankSpellings, tidySpelling } from './spelling';

/** Letters reserved for the app's commands; cluster letters skip them so every cluster has its own key. */
const COMMAND_LETTERS = new Set(['e', 'j', 'k', 'o', 'r', 'u']);

/** a b c d f g h i l m n p q s t v w x y z: the keys (and labels) of clusters, in order. */
export const CLUSTER_LETTERS: readonly string[] = [...'abcdefghijklmnopqrstuvwxyz'].filter(
  (c) => !COMMAND_LETTERS.has(c),
);

/** The letter of the cluster at `index`, or null past the last letter. */
export function clusterLetter(index: number): string | null {
  return CLUSTER_LETTERS[index] ?? null;
}

/** One way a cluster's value was written, and how many systems wrote it so. */
export interface Spelling {
  text: string;
  count: number;
  /** The column's own option (a choice column): it leads, whether or not a system wrote it exactly so. */
  option?: true;
}

/**
 * The spellings systems gave in a cluster (values equal under the column's
 * rule: "GALICIA" and "Galicia"), whitespace tidied, most given first, the
 * cluster's own value leading a tie as the service chose it; a choice column's option that the
 * value is comes first. Accepting writes whichever spelling is given, so the
 * engineer can take "Galicia" over a more common all-caps one.
 */
export function clusterSpellings(cluster: ClusterDetail, rule: ColumnRule | null): Spelling[] {
  const ranked = rankSpellings(cluster.cells.map((cell): [string, number] => [cell.response, 1]));
  const value = tidySpelling(cluster.value);
  if (!ranked.some(([text]) => text === value)) ranked.push([value, 0]);
  const counts = new Map(ranked);
  const spellings: Spelling[] = ranked
    .map(([text, count]) => ({ text, count }))
    // Stable: within a tie the cluster's own value (as the service chose it) leads, the rest keep rankSpellings' order.
    .sort((a, b) => b.count - a.count || Number(b.text === value) - Number(a.text === value));
  const option = choiceOption(rule, cluster.value);
  if (option === null) return spellings;
  return [
    { text: option, count: counts.get(option) ?? 0, option: true },
    ...spellings.filter((spelling) => spelling.text !== option),
  ];
}

/** A choice column's option that `value` is under the column's rule ("COOPERATIVE" is "Cooperative"), or null. */
function choiceOption(rule: ColumnRule | null, value: string): string | null {
  if (rule?.type !== 'choice' || !rule.options) return null;
  const key = normalizeForRule('choice', value);
  return rule.options.find((option) => normalizeForRule('choice', option) === key) ?? null;
}
