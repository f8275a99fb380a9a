// Which of several spellings of one value or name to show and propose first.
// Systems write the same thing differently ("JUNIPER CHESS CIRCLE",
// "Juniper  Chess Circle "); the most common wins, and a tie goes to the one
// a person would write into gold: mixed case first, all caps last.
// Whitespace runs are one space and the ends are trimmed, so a stray double
// space never reaches gold from a proposal.

/** A spelling with its whitespace tidied: runs of spaces, tabs and newlines are one space; no spaces at the ends. */
export function tidySpelling(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * How a person would write it, best first: 0 mixed case ("Juniper Chess
 * Circle"), 1 no cased letters ("26,250"), 2 lower case, 3 all caps
 * ("JUNIPER", "26250 JPY"). Only shouting is pushed back; a number is not.
 */
function caseRank(text: string): number {
  const upper = text !== text.toLowerCase();
  const lower = text !== text.toUpperCase();
  if (upper && lower) return 0;
  if (!upper && !lower) return 1;
  return lower ? 2 : 3;
}

/** Orders [spelling, count] pairs: most common first, then caseRank, then code-unit order (stable across runs). */
export function compareSpellings(a: readonly [string, number], b: readonly [string, number]): number {
  return b[1] - a[1] || caseRank(a[0]) - caseRank(b[0]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

/** Spellings with their counts, tidied and merged (" Galicia" and "Galicia" are one), the preferred first; empty ones dropped. */
export function rankSpellings(counts: Iterable<readonly [string, number]>): [string, number][] {
  const merged = new Map<string, number>();
  for (const [text, count] of counts) {
    const tidy = tidySpelling(text);
    if (tidy !== '') merged.set(tidy, (merged.get(tidy) ?? 0) + count);
  }
  return [...merged].sort(compareSpellings);
}

/** The preferred of these spellings (rankSpellings' first), or null when all are blank. */
export function preferredSpelling(
  counts: ReadonlyMap<string, number> | Iterable<readonly [string, number]>,
): string | null {
  // Systems mostly agree on a spelling: one spelling needs no ranking (derivation asks once per cluster).
  if (counts instanceof Map && counts.size === 1) {
    const only = tidySpelling(counts.keys().next().value as string);
    return only === '' ? null : only;
  }
  return rankSpellings(counts)[0]?.[0] ?? null;
}
