// A value stated by contrast with the one it replaces: "Lyon's mayor is X,
// not Y", "Mayor: X (not Y)", "use X instead of Y", "the table lists Y
// instead of X". The verb before the pair decides which side is proposed.
import { cleanValue } from './clause';

// The contrast between the two values: ", not Y", "(not Y)", "instead of Y",
// "rather than Y". A bare "not" is a negation ("Feininger not listed").
// A space run is entered at its start only, so a long run is not rescanned from each space.
const CONTRAST = /(?:,\s*|(?<!\s)\s*\(\s*)(not|instead of|rather than)\s+|(?<!\s)\s+(instead of|rather than)\s+/giu;
// "not sure", "not only": a hedge, not a rejected value.
export const HEDGE_WORDS =
  '(?:sure|only|just|quite|really|exactly|certain|clear|much|necessarily|entirely|that|so|too|very|urgent|important|critical|a (?:big|huge|major) (?:deal|issue|problem)|a problem|an issue)';
const HEDGE = new RegExp(String.raw`^${HEDGE_WORDS}\b`, 'iu');
// What introduces a value in a sentence. Gold verbs introduce the gold's
// (wrong) value; "is" and the rest the reporter's own. One right before the
// contrast ("is not Y") leaves no value on the proposed side.
const LEAD_IN =
  /(?:^|\s)(is|are|be|it['’]s|use|put|write|enter|has|have|says|lists|listed as|shows|shown as|gives|given as|states|reads|recorded as)(?=\s|$)|[:=→]\s/giu;
// "is listed as Y": always the gold's value. "has Y" only when the gold has it
// ("the table has Y, not X"); "Lyon has X inhabitants, not Y" is the reporter's fact.
const GOLD_PASSIVE = /^(?:listed as|shown as|given as|recorded as)$/iu;
const GOLD_ACTIVE = /^(?:has|have|says|lists|shows|gives|states|reads)$/iu;
const GOLD_SUBJECT =
  /\b(?:gold|table|dataset|data|benchmark|answer|key|truth|task|row|cell|column|entry|record|file|csv|sheet|it|you|they)\s+(?:(?:currently|still|wrongly|incorrectly|now|also)\s+)?$/iu;
const PLAIN_IS = /^(?:is|are)$/iu;
// A number with its unit at the end of the text: "came out in 1937", "population 522,250".
// `\s` takes the no-break and thin spaces of "522 250" too.
const TRAILING_NUMBER = /(?:^|\s)(\p{Sc}?\d(?:[\d,.'’]|\s(?=\d))*(?:\s?[%°]|\s?\p{L}{1,3}[²³]?)?)$/u;
const STARTS_NUMERIC = /^[-+−]?\p{Sc}?\d/u;
// "born in Berlin, not in Weimar": the same preposition on both sides.
const PREPOSITION = /^(in|at|on|by|from|to|for|of|with|under)\s/iu;
/** With no lead-in, a value at the start of a line is a short name, not a sentence. */
const MAX_BARE_WORDS = 4;
const MAX_LED_WORDS = 6;
/** A value and what introduces it sit close before the contrast; looking further only costs time. */
const WINDOW = 200;
/** Contrasts tried per line: a line of dozens is a list, not a sentence proposing one value. */
const MAX_CONTRASTS = 5;

interface LeadIn {
  verb: string;
  /** Where the verb or mark starts and where the text after it does. */
  start: number;
  end: number;
}

/** The last word or mark in `prefix` that introduces a value. */
function lastLeadIn(prefix: string): LeadIn | null {
  let last: LeadIn | null = null;
  for (const match of prefix.matchAll(LEAD_IN)) {
    const verb = (match[1] ?? match[0]).trim();
    last = { verb, start: match.index + match[0].indexOf(verb), end: match.index + match[0].length };
  }
  return last;
}

/** Whether the lead-in introduces what the gold says rather than what the reporter says. */
function introducesGold(prefix: string, lead: LeadIn): boolean {
  return (
    GOLD_PASSIVE.test(lead.verb) || (GOLD_ACTIVE.test(lead.verb) && GOLD_SUBJECT.test(prefix.slice(0, lead.start)))
  );
}

function wordCount(text: string): number {
  return text.trim().split(/\s+/u).length;
}

/**
 * The proposed side of one contrast: `prefix` ends where the contrast starts
 * (`whole` when it runs from the start of the line), `rest` follows it.
 */
function proposedSide(prefix: string, whole: boolean, marker: string, rest: string): string | null {
  const lead = lastLeadIn(prefix);
  // "lists Y instead of X", "is listed as Y, not X": the gold's value comes first.
  if (lead && introducesGold(prefix, lead)) return cleanValue(rest);
  // "The mayor is Collomb instead of Doucet" reads both ways (the gold's error, or the fix): not guessed.
  if (lead && PLAIN_IS.test(lead.verb) && marker === 'instead of') return null;
  // Against a number, the proposal is the number just before the contrast ("came out in 1937, not 1938").
  if (STARTS_NUMERIC.test(rest)) {
    const number = TRAILING_NUMBER.exec(prefix);
    if (number) return cleanValue(number[1]!);
  }
  const parallel = PREPOSITION.exec(rest);
  if (parallel) {
    const at = prefix.toLowerCase().lastIndexOf(` ${parallel[1]!.toLowerCase()} `);
    if (at >= 0 && (!lead || at >= lead.end - 1)) return cleanValue(prefix.slice(at + parallel[1]!.length + 2));
  }
  if (!lead && !whole) return null;
  const candidate = prefix.slice(lead?.end ?? 0).replace(/^\s*(?:[-*+>]\s+)+/u, '');
  if (wordCount(candidate) > (lead ? MAX_LED_WORDS : MAX_BARE_WORDS)) return null;
  return cleanValue(candidate);
}

/** A proposed value a line states by contrast; null when it states none. */
export function contrastedValue(line: string): string | null {
  let tried = 0;
  for (const match of line.matchAll(CONTRAST)) {
    if (++tried > MAX_CONTRASTS) break;
    const marker = (match[1] ?? match[2]!).toLowerCase();
    const rest = line.slice(match.index + match[0].length);
    if (marker === 'not' && HEDGE.test(rest)) continue;
    const from = Math.max(0, match.index - WINDOW);
    const value = proposedSide(line.slice(from, match.index), from === 0, marker, rest);
    if (value !== null) return value;
  }
  return null;
}
