// The gold row picker of add_alias: rows are numbered from 1 on screen (the
// service's row index is 0-based), found by number, entity or alias.
import type { DisputeDetail } from '../../../shared/api-types';
import { normalizeText } from '../../../shared/normalize';

export type TaskRow = DisputeDetail['task_rows'][number];

/** The row number people see: 1-based. */
export function rowLabel(row: number): string {
  return `#${row + 1}`;
}

/** Words too common in names to suggest a match. */
const COMMON = new Set([
  'the',
  'of',
  'and',
  'a',
  'an',
  'de',
  'la',
  'le',
  'el',
  'der',
  'die',
  'das',
  'inc',
  'ltd',
  'co',
  'llc',
  'gmbh',
]);

function words(text: string): Set<string> {
  return new Set(
    normalizeText(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && !COMMON.has(w)),
  );
}

/** Rows whose number, entity or an alias match the query; a bare number also matches that row first. */
export function filterRows(rows: readonly TaskRow[], query: string): TaskRow[] {
  const q = normalizeText(query.replace(/^#/, ''));
  if (q === '') return [...rows];
  const exact = /^\d+$/.test(q) ? rows.filter((r) => String(r.row + 1) === q) : [];
  const text = rows.filter(
    (r) => !exact.includes(r) && [r.entity, ...r.aliases].some((name) => normalizeText(name).includes(q)),
  );
  const numeric = /^\d+$/.test(q)
    ? rows.filter((r) => !exact.includes(r) && !text.includes(r) && String(r.row + 1).startsWith(q))
    : [];
  return [...exact, ...text, ...numeric];
}

/**
 * The row a typed search chooses, as the draft's row text: its first match;
 * '' (none) when nothing is typed or nothing matches, so a choice never
 * outlives the text that made it.
 */
export function pickedByQuery(rows: readonly TaskRow[], query: string): string {
  if (query.trim() === '') return '';
  const first = filterRows(rows, query)[0];
  return first ? String(first.row) : '';
}

/**
 * Rows whose entity or an alias is likely the same name as `entity`: one
 * contains the other, or most of the shorter name's words are shared (so
 * "Ocarina of Time 3D" finds "The Legend of Zelda: Ocarina of Time 3D", but a
 * shared "Beacon" alone does not make two lighthouses alike).
 */
export function similarRows(rows: readonly TaskRow[], entity: string): Set<number> {
  const wanted = normalizeText(entity);
  const wantedWords = words(entity);
  const out = new Set<number>();
  if (wanted === '') return out;
  const alike = (name: string): boolean => {
    const other = normalizeText(name);
    if (other === '') return false;
    if (other.includes(wanted) || wanted.includes(other)) return true;
    const otherWords = words(name);
    const shared = [...otherWords].filter((w) => wantedWords.has(w)).length;
    const smaller = Math.min(otherWords.size, wantedWords.size);
    return smaller > 0 && shared / smaller > 0.5;
  };
  for (const r of rows) if ([r.entity, ...r.aliases].some(alike)) out.add(r.row);
  return out;
}
