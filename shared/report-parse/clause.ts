// Where a value stated in prose ends, and what is left of it once the
// reporter's markup, quotes and remarks are taken off. The proposal patterns
// (value.ts, contrast.ts) find where a value starts; this decides the rest.
import { isEmptyAnswer, unwrapValue } from './text';

const MAX_VALUE = 200;

// Where a stated value ends: a sentence stop (not a decimal point), a comma
// followed by a space (not a thousands separator), a dash or bracket opening
// an aside ("— source: …", "[INSEE](…)", "(not 48)", a footnote "[1]"), or a
// phrase that starts the justification.
const VALUE_END =
  /(?:[.;!?](?=\s|$)|,\s|\s\(\s*(?:see|source|per|according|ref|not|was|were|instead|rather|currently|vs)\b|\s?\[|—|\s–\s|\s--?\s|\s(?:according to|as per|per|see|source|sources|based on|as shown|as listed|as stated|because|since|which|instead of|rather than|not|and not|but|in the|on the|from the|citing)\b|$)/giu;

// A full stop after these is part of the value ("Dr. Ing. A. Aas-Jakobsen", "St. Louis").
const ABBREVIATION = /(?:^|[\s(])(?:dr|mr|mrs|ms|st|mt|jr|sr|co|inc|ltd|corp|bros|no|vol|ing|prof|ft|approx|ca|vs)$/iu;
// An initial, spaced or not: "J. R. R. Tolkien", "J.R.R. Tolkien".
const INITIAL = /(?:^|[\s(.])\p{Lu}$/u;
// "September 21, 1937": the comma of a US date is inside the value.
const MONTH_DAY = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?$/iu;

/** Where the clause stating a value ends in `line`. */
function clauseEnd(line: string): number {
  for (const match of line.matchAll(VALUE_END)) {
    const before = line.slice(0, match.index);
    const after = line.slice(match.index + match[0].length);
    if (match[0] === '.' && (ABBREVIATION.test(before) || INITIAL.test(before)) && /^\s+\p{Lu}/u.test(after)) continue;
    if (/^,\s$/u.test(match[0]) && MONTH_DAY.test(before) && /^\d{4}\b/u.test(after)) continue;
    return match.index;
  }
  return line.length;
}

// Openers of a value written in quotes, code or link text, and what closes each.
const CLOSERS: Record<string, string> = {
  '"': '"”',
  '“': '”"',
  '„': '“”"',
  '«': '»',
  '‘': "’'",
  "'": "'’",
  '`': '`',
  '[': ']',
};

/**
 * A value the reporter delimited ("Grégory Doucet", `320`, [522,250](…)):
 * everything up to the closing mark, commas and dashes included. Null when
 * the text does not start with an opener or the opener is never closed.
 */
function delimitedValue(text: string): string | null {
  const closers = CLOSERS[text[0] ?? ''];
  if (closers === undefined) return null;
  for (let at = 1; at < text.length; at++) {
    if (!closers.includes(text[at]!)) continue;
    // An apostrophe inside a word ("O'Brien") does not close a single-quoted value.
    if (/[\p{L}\p{N}]/u.test(text[at + 1] ?? '')) continue;
    const inner = text.slice(1, at).trim();
    return inner === '' ? null : inner;
  }
  return null;
}

// A number (with its unit) followed by a remark in brackets: "522,250 (INSEE 2021)",
// "320 (first edition)". A number cell holds no brackets, so the remark is not part of it.
// `\s` before a digit takes the no-break and thin spaces of "522 250" too.
const NUMBER_WITH_REMARK =
  /^([-+−]?\p{Sc}?\s?\d(?:[\d,.'’]|\s(?=\d))*(?:\s?[\p{L}%°][\p{L}\p{N}²³/%°.]*){0,2})\s*\([^()]*\)$/u;

// After a number and its unit, a function word starts the rest of the sentence
// ("522,250 for the Lyon population"); a number cell holds no such word.
const AFTER_NUMBER =
  /^([-+−]?\p{Sc}?\s?\d\S*(?:\s\S+)??)\s(?:for|of|in|on|at|from|to|as|and|by|with|when|where|while|if|than|or)\s.*$/su;

/** The value without the words a sentence carries on with after a number. */
function numberOnly(value: string): string {
  return AFTER_NUMBER.exec(value)?.[1] ?? value;
}

/** The value without a bracketed remark after a number. */
export function withoutRemark(value: string): string {
  return NUMBER_WITH_REMARK.exec(value)?.[1]!.trim() ?? value;
}

// What completes "should be …" or "is …" without being a value: where a row
// belongs ("in the table"), what should happen to it ("updated", "removed
// from the table": a row report, not a value), a verdict
// on the gold ("wrong"), or the gold's own value ("currently 513,275").
// Lower case only: a capitalised "Updated" may be a title.
const NOT_A_VALUE =
  /^(?:(?:in|on|into|part of|added to|included in|listed in|present in)\s+(?:the\s+|this\s+|your\s+)?(?:table|list|gold|dataset|data|answers?|results?|benchmark|task)\b|(?:added|included|listed|present|there|fixed|updated|changed|corrected|checked|reviewed)$|(?:removed|deleted|dropped|excluded|taken out|struck)(?:\s+(?:from|out of|off)\b|$)|(?:wrong|incorrect|outdated|out of date|inaccurate|mistaken|missing|not|currently|still)\b|(?:an?\s+)?(?:typo|mistake|error|bug)\b)/u;

/** Whether a cleaned candidate can be offered as a value at all (a labelled answer is not held to NOT_A_VALUE). */
export function usableValue(value: string): boolean {
  return value !== '' && !isEmptyAnswer(value) && value.length <= MAX_VALUE && !/^[a-z][a-z0-9+.-]*:\/\//iu.test(value);
}

/** The value itself: clause end cut off, markup, quotes and remarks removed; null when nothing usable is left. */
export function cleanValue(raw: string): string | null {
  const firstLine = (raw.split('\n')[0] ?? '').trim().replace(/^(?:the value|value|it|this)\s+(?=\S)/iu, '');
  const delimited = delimitedValue(firstLine.replace(/^(?:\*\*|__)/u, ''));
  let value = delimited ?? unwrapValue(firstLine.slice(0, clauseEnd(firstLine)));
  value = value.replace(/\s+(?:instead|here|there)$/iu, '');
  value = unwrapValue(withoutRemark(numberOnly(unwrapValue(value))));
  return usableValue(value) && !NOT_A_VALUE.test(value) ? value : null;
}
