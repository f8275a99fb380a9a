// The value a reporter proposes, when they state one: an answer under a
// "Correct value" label, or a phrase like "should be X" in free text.
import { cleanValue, usableValue, withoutRemark } from './clause';
import { contrastedValue, HEDGE_WORDS } from './contrast';
import { unwrapValue } from './text';

const MAX_LINE = 2000;

// Each pattern captures the text right after the phrase; `cleanValue` cuts it
// at the end of the clause.
const PROPOSALS: RegExp[] = [
  // Longer phrases first: "should be changed to X" is not a proposal of "changed to X".
  /\bshould (?:actually |instead |really |rather )?(?:be (?:changed|updated|corrected|set|amended) to|be replaced (?:with|by)|have been|be|read|say|show|list)\s*[:\-–]?\s+(.+)/iu,
  /\breplace\s+[^\n]{1,80}?\s+(?:with|by)\s+(.+)/iu,
  /\b(?:correct|right|true|actual|real|proper|accurate)(?: value| answer| figure| number| one| data)?\s*(?:is|=|:|would be|should be)\s+(.+)/iu,
  // "the right answer for Lyon's mayor is X", "the actual population of Lyon is X"; not "right now the
  // mayor is Y" nor "correct the population, which is Y" (the gold's value).
  /\b(?:correct|right|actual)\s+(?!(?:now|away|here|there|that|me|if|it|this|so)\b)(?:(?!(?:which|that|who|currently)\b)[\p{L}\p{N}'’-]+\s+){1,4}?(?:is|would be|should be)\s+(.+)/iu,
  /\b(?:it|this|that|the value)?\s*(?:is|'s|’s) actually\s+(.+)/iu,
  // "gold says Y but it's X": the gold's value, then the reporter's.
  /\b(?:says|has|lists|shows|gives|states|reads|listed as|shown as)\s+[^\n]{1,80}?,?\s+but\s+(?:it(?:'s|’s| is| should be)|actually|in fact|should be)\s+(?:actually\s+)?(.+)/iu,
  /\b(?:changed?|updated?|fix(?:ed)?|corrected|set)\b[^\n]{0,80}?\bfrom\s+[^\n]{1,80}?\s+to\s+(.+)/iu,
  /\b(?:change|update|fix|correct|set)\s+(?:it\s+|this\s+|the value\s+)?to\s+(.+)/iu,
  // "not 513,275 but 522,250": a comma or point inside a number does not end the rejected value;
  // "not sure, but …" is a hedge.
  new RegExp(String.raw`\bnot\s+(?!${HEDGE_WORDS}\b)(?:[^,;.]|[,.](?=\d)){1,60}?,?\s+but\s+(.+)`, 'iu'),
  /(?:->|→|=>)\s*(.+)/u,
];

/** A value one line states, by a proposal phrase or by contrast with the gold's. */
function proposedInLine(line: string): string | null {
  for (const pattern of PROPOSALS) {
    const match = pattern.exec(line);
    if (!match) continue;
    const value = cleanValue(match[1]!);
    if (value !== null) return value;
  }
  return contrastedValue(line);
}

/** A line of a `> ` quote block: someone else's words (the question, another comment), not the reporter's. */
function isQuoted(line: string): boolean {
  return /^\s*>/u.test(line);
}

/** A proposed value stated in prose; null when none is. The reporter's own lines come before quoted ones. */
export function proposedFromProse(text: string): string | null {
  // A line this long is not a sentence stating a value (and would make the patterns slow).
  const lines = text.split('\n').filter((line) => line.length <= MAX_LINE);
  for (const line of [...lines.filter((l) => !isQuoted(l)), ...lines.filter(isQuoted)]) {
    const value = proposedInLine(line);
    if (value !== null) return value;
  }
  return null;
}

/** The answer under a "Correct value" label: its first line, cleaned. */
export function proposedFromField(value: string): string | null {
  const line = value
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (line === undefined || line.length > MAX_LINE) return null;
  // An answer written as a sentence ("The mayor should be X, not Y") is read as prose.
  const stated = proposedInLine(line);
  if (stated !== null) return stated;
  const unwrapped = unwrapValue(line);
  if (!usableValue(unwrapped)) return null;
  // "93 (see the Metacritic page)" -> "93"; a field answer is the value, not a sentence.
  const trimmed = unwrapped
    .replace(/\s+\((?:see|source|per|according|ref)[^)]*\)\s*$/iu, '')
    .replace(/\s+(?:per|see|according to|source:?)\s+.*$/iu, '');
  return unwrapValue(withoutRemark(unwrapValue(trimmed)));
}
