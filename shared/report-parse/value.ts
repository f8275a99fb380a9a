// The value a reporter proposes, when they state one: an answer under a
// "Correct value" label, or a phrase like "should be X" in free text.
import { isEmptyAnswer, unwrapValue } from './text';

const MAX_VALUE = 200;
const MAX_LINE = 2000;

// Each pattern captures the text right after the phrase; `cleanValue` cuts it
// at the end of the clause.
const PROPOSALS: RegExp[] = [
  /\bshould (?:actually |instead |really |rather )?(?:be|read|say|show|list|have been|be changed to|be updated to|be corrected to|be set to)\s*[:\-–]?\s+(.+)/iu,
  /\b(?:correct|right|true|actual|real|proper|accurate)(?: value| answer| figure| number| one| data)?\s*(?:is|=|:|would be|should be)\s+(.+)/iu,
  /\b(?:it|this|that|the value)?\s*(?:is|'s|’s) actually\s+(.+)/iu,
  /\b(?:changed?|updated?|fix(?:ed)?|corrected|set)\b[^\n]{0,80}?\bfrom\s+[^\n]{1,80}?\s+to\s+(.+)/iu,
  /\b(?:change|update|fix|correct|set)\s+(?:it\s+|this\s+|the value\s+)?to\s+(.+)/iu,
  /\bnot\s+[^,;.]{1,60}?,?\s+but\s+(.+)/iu,
  /(?:->|→|=>)\s*(.+)/u,
];

/** A proposed value stated in prose; null when none is. */
export function proposedFromProse(text: string): string | null {
  for (const line of text.split('\n')) {
    // A line this long is not a sentence stating a value (and would make the patterns slow).
    if (line.length > MAX_LINE) continue;
    for (const pattern of PROPOSALS) {
      const match = pattern.exec(line);
      if (!match) continue;
      const value = cleanValue(match[1]!);
      if (value !== null) return value;
    }
  }
  return null;
}

// Where a stated value ends: a sentence stop (not a decimal point), a comma
// followed by a space (not a thousands separator), or a phrase that starts
// the justification.
const VALUE_END =
  /(?:[.;!?](?=\s|$)|,\s|\s[([](?:see|source|per|according|ref)|\s(?:according to|as per|per|see|source|sources|based on|as shown|as listed|as stated|because|since|which|instead of|rather than|not|and not|but|in the|on the|from the|citing)\b|$)/giu;

// A full stop after these is part of the value ("Dr. Ing. A. Aas-Jakobsen", "St. Louis").
const ABBREVIATION = /(?:^|[\s(])(?:dr|mr|mrs|ms|st|mt|jr|sr|co|inc|ltd|corp|bros|no|vol|ing|prof|ft|approx|ca|vs)$/iu;
const INITIAL = /(?:^|[\s(])\p{Lu}$/u;

function clauseEnd(line: string): number {
  for (const match of line.matchAll(VALUE_END)) {
    if (match[0] === '.' && (ABBREVIATION.test(line.slice(0, match.index)) || INITIAL.test(line.slice(0, match.index))) && /^\s+\p{Lu}/u.test(line.slice(match.index + 1))) continue;
    return match.index;
  }
  return line.length;
}

/** The value itself: clause end cut off, markup and quotes removed; null when nothing usable is left. */
export function cleanValue(raw: string): string | null {
  const firstLine = raw.split('\n')[0] ?? '';
  let value = unwrapValue(firstLine.slice(0, clauseEnd(firstLine)));
  value = value.replace(/^(?:the value|value|it|this)\s+/iu, '').replace(/\s+(?:instead|here|there)$/iu, '');
  value = unwrapValue(value);
  if (value === '' || isEmptyAnswer(value) || value.length > MAX_VALUE || /^[a-z][a-z0-9+.-]*:\/\//iu.test(value)) return null;
  return value;
}

/** The answer under a "Correct value" label: its first line, cleaned. */
export function proposedFromField(value: string): string | null {
  const line = value
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (line === undefined) return null;
  const unwrapped = unwrapValue(line);
  if (isEmptyAnswer(unwrapped) || unwrapped.length > MAX_VALUE || /^[a-z][a-z0-9+.-]*:\/\//iu.test(unwrapped)) return null;
  // "93 (see the Metacritic page)" -> "93"; a field answer is the value, not a sentence.
  return unwrapValue(unwrapped.replace(/\s+\((?:see|source|per|according|ref)[^)]*\)\s*$/iu, '').replace(/\s+(?:per|see|according to|source:?)\s+.*$/iu, ''));
}
