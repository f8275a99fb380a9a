// Text helpers for reading GitHub reports: cleaning a body before it is
// searched, loose keys for names, and the similarity score shown beside a
// column guess. Pure functions; nothing here touches the store.
import { normalizeText } from '../normalize';

/**
 * Bidirectional overrides/isolates, zero-width characters, and characters
 * most fonts draw as nothing (soft hyphen, combining grapheme joiner, Hangul
 * fillers, Khmer inherent vowels, Mongolian selectors and vowel separator):
 * invisible, and able to make text read differently from what it is
 * ("Trojan Source"). Variation selectors are left alone: emoji need them.
 * Combining marks stand outside the class: inside one, they would read as
 * joined to their neighbour.
 */
export const INVISIBLE_CONTROLS =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]|\u034f|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180f/gu;

/**
 * Line breaks unified and HTML comments dropped: issue templates keep their
 * instructions, and example ids, in comments.
 */
export function stripComments(text: string): string {
  return text.replace(/\r\n?/gu, '\n').replace(/<!--[\s\S]*?(?:-->|$)/gu, ' ');
}

/** Invisible controls removed so they cannot hide a name or an id from the matcher. */
export function removeInvisible(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '');
}

/**
 * HTML out of the way of field parsing. Inline tags (`<b>`, `<br>` in a
 * Markdown table's cell, `<details>` wrappers) become a space; block tags end
 * a line, as the page shows them, so "should be <b>21.50</b></p><table>…"
 * proposes 21.50 and not the table after it; scripts and styles go with their
 * content.
 */
export function stripTags(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/giu, ' ')
    .replace(
      /<\/?(?:p|div|table|thead|tbody|tfoot|tr|ul|ol|li|h[1-6]|blockquote|pre|hr|section|article)\b[^<>]*>/giu,
      '\n',
    )
    .replace(/<\/?[a-z][^<>]*>/giu, ' ');
}

/** Markdown emphasis, code ticks and quotes around a short value. */
export function unwrapValue(text: string): string {
  let value = text.trim();
  for (let i = 0; i < 4; i++) {
    const before = value;
    value = value
      .replace(/^(\*\*|__|\*|_|`+|~~)(.+)\1$/su, '$2')
      .replace(/^["'“”‘’«»](.+)["'“”‘’«»]$/su, '$1')
      .replace(/^>\s*/u, '')
      .trim();
    if (value === before) break;
  }
  return value;
}

/** Template placeholders GitHub issue forms write for an empty answer. */
export function isEmptyAnswer(value: string): boolean {
  return /^(?:_?no response_?|n\/?a|none|-+|\?+|unknown|tbd)$/iu.test(unwrapValue(value)) || unwrapValue(value) === '';
}

/** Case, accents, punctuation and spacing removed: `Zelda: Ocarina` = `zelda ocarina`. */
export function looseKey(text: string): string {
  return normalizeText(text.normalize('NFKD').replace(/\p{M}/gu, ''))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const STOPWORDS = new Set([
  'the',
  'of',
  'a',
  'an',
  'in',
  'on',
  'for',
  'and',
  'to',
  's',
  'is',
  'its',
  'it',
  'at',
  'by',
  'with',
]);

/** Words of a name that carry meaning (stopwords dropped). */
export function contentTokens(text: string): string[] {
  return looseKey(text)
    .split(' ')
    .filter((token) => token !== '' && !STOPWORDS.has(token));
}

/** Edit distance counting a swap of neighbours as one edit ("yaer" -> "year"): the commonest typo. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** 1 − edit distance / longer length, on loose keys. */
export function similarity(a: string, b: string): number {
  const x = looseKey(a);
  const y = looseKey(b);
  if (x === '' || y === '') return 0;
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length);
}

/** Two words count as the same when equal, or (words of 4+ letters) within a typo or two. */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 4 || b.length < 4) return 0;
  const score = 1 - levenshtein(a, b) / Math.max(a.length, b.length);
  return score >= 0.75 ? score : 0;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * How well what a reporter wrote names a column, in [0, 1]; 1 only for an
 * exact match after normalisation. The larger of whole-string similarity
 * (typos: "Critc Metascore") and word overlap, weighted towards the reporter's
 * words being in the column (short forms: "metascore", "age rating").
 */
export function nameScore(written: string, name: string): number {
  const a = looseKey(written);
  const b = looseKey(name);
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const whole = 1 - levenshtein(a, b) / Math.max(a.length, b.length);
  const mine = contentTokens(a);
  const theirs = contentTokens(b);
  let words = 0;
  if (mine.length > 0 && theirs.length > 0) {
    const best = (token: string, pool: string[]): number =>
      Math.max(0, ...pool.map((other) => tokenSimilarity(token, other)));
    const precision = mine.reduce((sum, token) => sum + best(token, theirs), 0) / mine.length;
    const recall = theirs.reduce((sum, token) => sum + best(token, mine), 0) / theirs.length;
    words = 0.6 * precision + 0.4 * recall;
  }
  return Math.min(0.99, round2(Math.max(whole, words)));
}

/**
 * Where `needle` occurs in `haystack` as whole words (both loose keys).
 * Returns every start offset in the haystack key.
 */
export function wordOccurrences(haystackKey: string, needleKey: string): number[] {
  if (needleKey === '') return [];
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = haystackKey.indexOf(needleKey, from);
    if (at < 0) return found;
    const before = at === 0 ? ' ' : haystackKey[at - 1]!;
    const after = haystackKey[at + needleKey.length] ?? ' ';
    if (before === ' ' && after === ' ') found.push(at);
    from = at + 1;
  }
}
