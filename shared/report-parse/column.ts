// Which column a report is about: the exact or closest column name of the
// task, with the match score shown to the engineer (1 = exact after
// normalisation). Tolerant of typos and short forms ("metascore").
import type { LabelledField, TableBlock } from './fields';
import { contentTokens, looseKey, nameScore, tokenSimilarity, unwrapValue, wordOccurrences } from './text';

export interface ColumnGuess {
  column: string;
  /** What the report wrote. */
  text: string;
  score: number;
}

export interface ColumnFinding {
  guess: ColumnGuess | null;
  notes: string[];
}

/** A labelled answer must be at least this close; prose, where any word may match, closer. */
const FIELD_THRESHOLD = 0.5;
const PROSE_THRESHOLD = 0.7;
/** Two columns this close in score are a tie the parser will not break. */
const TIE = 0.02;

function ranked(written: string, columns: readonly string[]): ColumnGuess[] {
  return columns
    .map((column) => ({ column, text: written, score: nameScore(written, column) }))
    .sort((a, b) => b.score - a.score);
}

/** The column a labelled "Column" answer names. */
function fromFields(fields: readonly LabelledField[], columns: readonly string[], notes: string[]): ColumnGuess | null {
  for (const field of fields.filter((f) => f.role === 'column')) {
    const written = unwrapValue(field.value.split('\n')[0] ?? '');
    const [best, second] = ranked(written, columns);
    if (!best || best.score < FIELD_THRESHOLD) {
      notes.push(`no column of the task is close to "${written}"`);
      continue;
    }
    if (second && second.score >= best.score - TIE)
      notes.push(`"${written}" is as close to "${second.column}" as to "${best.column}"`);
    return best;
  }
  return null;
}

/** A pasted table whose headers are the task's columns (entity, then the reported column). */
export function snippetTable(
  tables: readonly TableBlock[],
  columns: readonly string[],
  entityColumn: string | null,
): { column: ColumnGuess; value: string | null; entity: string | null } | null {
  for (const table of tables) {
    const matched = table.headers
      .map((header) => ranked(header, columns)[0])
      .map((guess) => (guess && guess.score >= 0.8 ? guess : null));
    const target = matched.findIndex((guess) => guess !== null && guess.column !== entityColumn);
    if (target < 0) continue;
    const entityIndex = matched.findIndex((guess) => guess !== null && guess.column === entityColumn);
    const first = table.rows[0] ?? [];
    const value = first[target]?.trim() ?? '';
    return {
      column: matched[target]!,
      value: value === '' ? null : value,
      entity: entityIndex >= 0 ? (first[entityIndex]?.trim() ?? null) || null : null,
    };
  }
  return null;
}

/** Column names (or close runs of their words) in free text; the entity column is never guessed from prose. */
function fromProse(
  prose: string,
  columns: readonly string[],
  exclude: readonly string[],
): { guess: ColumnGuess | null; notes: string[] } {
  const lines = prose.split('\n').map((line) => {
    let key = ` ${looseKey(line)} `;
    for (const text of exclude) {
      const drop = looseKey(text);
      if (drop !== '') key = key.split(` ${drop} `).join('   ');
    }
    return key.trim();
  });
  const exact = columns
    .filter((column) => lines.some((line) => wordOccurrences(line, looseKey(column)).length > 0))
    .sort((a, b) => looseKey(b).length - looseKey(a).length);
  if (exact[0]) return { guess: { column: exact[0], text: exact[0], score: 1 }, notes: [] };

  const best = new Map<string, ColumnGuess>();
  for (const line of lines) {
    const tokens = contentTokens(line);
    for (const column of columns) {
      const wanted = contentTokens(column);
      const fits = (token: string): boolean => wanted.some((w) => tokenSimilarity(token, w) > 0);
      for (let i = 0; i < tokens.length; i++) {
        if (!fits(tokens[i]!)) continue;
        // A run of the column's words may skip one odd word ("original games us age rating").
        let j = i + 1;
        for (;;) {
          if (j < tokens.length && fits(tokens[j]!)) j++;
          else if (j + 1 < tokens.length && fits(tokens[j + 1]!)) j += 2;
          else break;
        }
        const text = tokens.slice(i, j).join(' ');
        const score = nameScore(text, column);
        if (score > (best.get(column)?.score ?? 0)) best.set(column, { column, text, score });
        i = j;
      }
    }
  }
  const [top, second] = [...best.values()].sort((a, b) => b.score - a.score);
  if (!top || top.score < PROSE_THRESHOLD) return { guess: null, notes: [] };
  if (second && second.score >= top.score - TIE) {
    return { guess: null, notes: [`"${top.text}" could be "${top.column}" or "${second.column}"`] };
  }
  return { guess: top, notes: [] };
}

export function findColumn(
  fields: readonly LabelledField[],
  tables: readonly TableBlock[],
  prose: string,
  columns: readonly string[],
  entityColumn: string | null,
  exclude: readonly string[],
): ColumnFinding {
  const notes: string[] = [];
  const labelled = fromFields(fields, columns, notes);
  if (labelled) return { guess: labelled, notes };
  const snippet = snippetTable(tables, columns, entityColumn);
  if (snippet) return { guess: snippet.column, notes };
  const prosy = fromProse(
    prose,
    columns.filter((column) => column !== entityColumn),
    exclude,
  );
  return { guess: prosy.guess, notes: [...notes, ...prosy.notes] };
}
