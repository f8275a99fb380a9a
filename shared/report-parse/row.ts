// Which gold row a report is about: a 1-based row number ("row 3", "#3",
// "3rd row") or an entity name / alias found after normalisation.
import type { LabelledField } from './fields';
import { looseKey, similarity, unwrapValue, wordOccurrences } from './text';

export interface CatalogueRow {
  entity: string;
  aliases: readonly string[];
}

export type RowBy = 'number' | 'entity' | 'alias' | 'fuzzy';

export interface RowGuess {
  /** 0-based. */
  row: number;
  by: RowBy;
  /** What the report wrote. */
  text: string;
  score: number;
}

export interface RowFinding {
  guess: RowGuess | null;
  notes: string[];
  /** Labelled row/entity text that matched no gold row (maybe an entity gold lacks). */
  unmatchedName: string | null;
}

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];

const NUMBER_ANSWER =
  /^(?:row\s*)?(?:#|no\.?\s*|number\s*|n[°º]\s*)?(\d{1,5})(?:\s*(?:st|nd|rd|th))?(?:\s*[(\-–:].*)?$/iu;

const PROSE_NUMBERS: { pattern: RegExp; value: (m: RegExpExecArray) => number }[] = [
  { pattern: /\b(?:row|entry)\s*(?:#|no\.?\s*|number\s*|n[°º]\s*)?(\d{1,5})\b/giu, value: (m) => Number(m[1]) },
  { pattern: /\b(\d{1,5})(?:st|nd|rd|th)\s+(?:row|entry)\b/giu, value: (m) => Number(m[1]) },
  {
    pattern: new RegExp(`\\b(${ORDINALS.join('|')})\\s+(?:row|entry)\\b`, 'giu'),
    value: (m) => ORDINALS.indexOf(m[1]!.toLowerCase()) + 1,
  },
];

/** A row number written in a labelled answer ("3", "#3", "row 3", "3 (Wind Waker)"). */
function numberInAnswer(value: string): number | null {
  const match = NUMBER_ANSWER.exec(unwrapValue(value));
  return match ? Number(match[1]) : null;
}

/** The name part of "3 (Wind Waker HD)" or "Wind Waker HD (row 3)". */
function nameInAnswer(value: string): string {
  const unwrapped = unwrapValue(value.split('\n')[0] ?? '');
  const inParens = /^\s*(?:row\s*)?#?\d{1,5}\s*[(\-–:]\s*(.+?)\)?\s*$/iu.exec(unwrapped);
  if (inParens) return unwrapValue(inParens[1]!);
  return unwrapped.replace(/\s*\((?:row\s*)?#?\d{1,5}\)\s*$/iu, '').trim();
}

/** Every gold name (entity, then aliases) matched in the text, longest first. */
function namesInText(text: string, rows: readonly CatalogueRow[]): RowGuess[] {
  const key = looseKey(text);
  const found: RowGuess[] = [];
  rows.forEach((row, index) => {
    const names: [string, RowBy][] = [
      [row.entity, 'entity'],
      ...row.aliases.map((alias): [string, RowBy] => [alias, 'alias']),
    ];
    for (const [name, by] of names) {
      const nameKey = looseKey(name);
      if (nameKey.length < 2 || wordOccurrences(key, nameKey).length === 0) continue;
      found.push({ row: index, by, text: name, score: 1 });
    }
  });
  return found.sort((a, b) => looseKey(b.text).length - looseKey(a.text).length || (a.by === 'entity' ? -1 : 1));
}

/** The closest gold name to a written one (typos, missing words), when close enough. */
function closestName(written: string, rows: readonly CatalogueRow[]): RowGuess | null {
  let best: RowGuess | null = null;
  for (const [index, row] of rows.entries()) {
    for (const name of [row.entity, ...row.aliases]) {
      const score = Math.round(similarity(written, name) * 100) / 100;
      if (score >= 0.8 && (best === null || score > best.score))
        best = { row: index, by: 'fuzzy', text: written, score };
    }
  }
  return best;
}

function inRange(n: number, rows: readonly CatalogueRow[], notes: string[]): number | null {
  if (n >= 1 && n <= rows.length) return n - 1;
  notes.push(`row ${n} is outside the task's ${rows.length} gold rows`);
  return null;
}

/**
 * Labelled answers come before prose; at the same level a name beats a number
 * (names are what reporters see; row numbers are counted by hand). A guess
 * that disagrees with the one taken is noted.
 */
export function findRow(fields: readonly LabelledField[], prose: string, rows: readonly CatalogueRow[]): RowFinding {
  const notes: string[] = [];
  let fieldNumber: RowGuess | null = null;
  let fieldName: RowGuess | null = null;
  let unmatchedName: string | null = null;

  for (const field of fields.filter((f) => f.role === 'row' || f.role === 'entity')) {
    const n = field.role === 'row' ? numberInAnswer(field.value) : null;
    if (n !== null && !fieldNumber) {
      const row = inRange(n, rows, notes);
      if (row !== null) fieldNumber = { row, by: 'number', text: String(n), score: 1 };
    }
    const name = nameInAnswer(field.value);
    if (fieldName || name === '' || /^(?:row\s*)?#?\d{1,5}(?:st|nd|rd|th)?$/iu.test(name)) continue;
    fieldName = namesInText(name, rows)[0] ?? closestName(name, rows);
    if (!fieldName && unmatchedName === null) unmatchedName = name.length <= 200 ? name : null;
  }

  let proseNumber: RowGuess | null = null;
  for (const { pattern, value } of PROSE_NUMBERS) {
    const match = new RegExp(pattern.source, pattern.flags).exec(prose);
    if (!match) continue;
    const row = fieldNumber ? null : inRange(value(match), rows, notes);
    if (row !== null) proseNumber = { row, by: 'number', text: match[0], score: 1 };
    break;
  }
  const names = namesInText(prose, rows);
  const proseName = names[0] ?? null;
  const distinct = new Set(names.map((guess) => guess.row));
  if (!fieldName && proseName && distinct.size > 1)
    notes.push(`names of ${distinct.size} gold rows appear; took the longest match (row ${proseName.row + 1})`);

  const ranked = [fieldName, fieldNumber, proseName, proseNumber].filter((guess): guess is RowGuess => guess !== null);
  const taken = ranked[0] ?? null;
  const other = ranked.find((guess) => taken !== null && guess.row !== taken.row);
  if (taken && other) {
    const describe = (guess: RowGuess): string =>
      guess.by === 'number' ? `row number ${guess.row + 1}` : `the name "${guess.text}" (row ${guess.row + 1})`;
    notes.push(
      `${describe(taken)} and ${describe(other)} disagree; took ${taken.by === 'number' ? 'the number' : 'the name'}`,
    );
    return { guess: { ...taken, score: Math.min(taken.score, 0.7) }, notes, unmatchedName };
  }
  return { guess: taken, notes, unmatchedName };
}
