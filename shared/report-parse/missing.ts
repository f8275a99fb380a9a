// An entity the reporter says gold lacks ("X is missing from the table").
import type { LabelledField } from './fields';
import { isEmptyAnswer, unwrapValue } from './text';

const SAYS_MISSING = /\b(?:missing|absent|omitted|left out|not (?:listed|included|in the (?:table|list|gold))|should (?:also )?(?:be )?(?:include|list|add)|please add)\b/iu;

const PROSE_PATTERNS: RegExp[] = [
  /["“”']([^"“”'\n]{2,80})["“”']\s+(?:is|was|are|seems)\s+(?:missing|absent|not (?:listed|included|in the (?:table|list)))/iu,
  /\bmissing (?:entity|row|item|entry)\s*[:\-–]?\s*["“]?([^"”\n.,;]{2,80})/iu,
  /\b(?:add|include)\s+["“]([^"”\n]{2,80})["”]/iu,
];

/**
 * The missing entity's name, from a "Missing entity" answer, an unmatched
 * row/entity answer in a report that says something is missing, or a quoted
 * name in prose.
 */
export function findMissingEntity(fields: readonly LabelledField[], prose: string, unmatchedName: string | null): string | null {
  const field = fields.find((f) => f.role === 'missing');
  if (field) {
    const value = unwrapValue(field.value.split('\n')[0] ?? '');
    if (!isEmptyAnswer(value) && value.length <= 200) return value;
  }
  if (unmatchedName !== null && SAYS_MISSING.test(prose)) return unmatchedName;
  for (const pattern of PROSE_PATTERNS) {
    const match = pattern.exec(prose);
    if (match) return unwrapValue(match[1]!.trim());
  }
  return null;
}
