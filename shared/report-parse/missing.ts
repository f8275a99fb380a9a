// An entity the reporter says gold lacks ("X is missing from the table").
import type { LabelledField } from './fields';
import { isEmptyAnswer, unwrapValue } from './text';

const SAYS_MISSING =
  /\b(?:missing|absent|omitted|left out|not (?:listed|included|in the (?:table|list|gold))|should (?:also )?(?:be )?(?:include|list|add)|please add)\b/iu;

// A name as written unquoted in prose: capitalised words, with the lower-case
// particles names carry ("Ludwig Mies van der Rohe", "Stratford-upon-Avon").
const WORD = String.raw`\p{Lu}[\p{L}\p{N}'’.&-]*`;
const PARTICLE = String.raw`(?:de|du|des|la|le|of|the|van|der|von|den|y|da|di|del|and|&)`;
const NAME = String.raw`${WORD}(?:\s+(?:${PARTICLE}\s+){0,3}${WORD}){0,7}`;

const PROSE_PATTERNS: RegExp[] = [
  /["“”']([^"“”'\n]{2,80})["“”']\s+(?:is|was|are|seems)\s+(?:missing|absent|not (?:listed|included|in the (?:table|list)))/iu,
  /\bmissing (?:entity|row|item|entry)\s*[:\-–]?\s*["“]?([^"”\n.,;]{2,80})/iu,
  /\b(?:add|include)\s+["“]([^"”\n]{2,80})["”]/iu,
  // "atlas-0001 is missing Marseille", "the table lacks a row for Marseille".
  new RegExp(
    String.raw`\b(?:(?:is|are|seems to be)\s+missing|lacks|omits|leaves out|does(?:n['’]t| not) (?:include|list|have|contain))\s+(?:an?\s+(?:row|entry|line)\s+for\s+)?(${NAME})`,
    'u',
  ),
  // "Marseille is missing from the table" (not "Lyon is missing a mayor": that row lacks a value).
  new RegExp(
    String.raw`(?<![\p{L}\p{N}'’-])(${NAME})\s+(?:is|are|was)\s+(?:also\s+)?(?:missing|absent|not (?:listed|included|in the (?:table|list|gold)))\b(?!\s+(?:a|an|the|its|his|her|their)\b)`,
    'u',
  ),
];

// Capitalised words that start a sentence or stand for something already named: never an entity's name.
const NOT_A_NAME =
  /^(?:it|this|that|these|those|he|she|they|something|nothing|everything|one|row|entry|value|data|also|and|but|so|however|sadly|unfortunately|note|i)$/iu;
const LEADING_ADVERB = /^(?:also|and|but|so|however|sadly|unfortunately|note|then|plus|btw)\s+/iu;

/** The name a pattern captured, without a sentence-initial adverb or a closing full stop. */
function cleanName(captured: string): string | null {
  const name = unwrapValue(
    captured
      .trim()
      .replace(LEADING_ADVERB, '')
      .replace(/[.'’]+$/u, ''),
  );
  return name.length >= 2 && !NOT_A_NAME.test(name) ? name : null;
}

/**
 * The missing entity's name, from a "Missing entity" answer, an unmatched
 * row/entity answer in a report that says something is missing, or a name in
 * prose (quoted, or capitalised next to "is missing").
 */
export function findMissingEntity(
  fields: readonly LabelledField[],
  prose: string,
  unmatchedName: string | null,
): string | null {
  const field = fields.find((f) => f.role === 'missing');
  if (field) {
    const value = unwrapValue(field.value.split('\n')[0] ?? '');
    if (!isEmptyAnswer(value) && value.length <= 200) return value;
  }
  if (unmatchedName !== null && SAYS_MISSING.test(prose)) return unmatchedName;
  for (const pattern of PROSE_PATTERNS) {
    const match = pattern.exec(prose);
    const name = match ? cleanName(match[1]!) : null;
    if (name !== null) return name;
  }
  return null;
}
