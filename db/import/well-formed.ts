// Identifier hygiene shared by the writer and the run-task preparer (which
// also runs on the reader thread).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * Identifiers stored as plain text (task ids, column and system names) with
 * any lone UTF-16 surrogate replaced by U+FFFD: SQLite would otherwise hold
 * bytes that are not UTF-8 and read them back as three replacement
 * characters. Sealed text is already well-formed (Buffer's UTF-8 encoder).
 */
export function wellFormed(text: string): string {
  return /[\uD800-\uDFFF]/u.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;
}

/**
 * A row's cells with each column once, the last one winning (what the former
 * INSERT OR REPLACE on (row, column) kept). Rows almost never repeat a column,
 * so the common case returns the array itself.
 */
export function lastPerColumn<T extends { column: string }>(cells: readonly T[]): readonly T[] {
  if (cells.length < 2) return cells;
  const seen = new Set<string>();
  for (const cell of cells) seen.add(wellFormed(cell.column));
  if (seen.size === cells.length) return cells;
  const last = new Map<string, T>();
  for (const cell of cells) {
    const column = wellFormed(cell.column);
    last.delete(column);
    last.set(column, cell);
  }
  return [...last.values()];
}
