// The `disputes.systems` column (migration 004): every system with a value
// for the dispute's cell, as `,"a","b",`, the names sorted and JSON-quoted.

/** The column's text for these systems (duplicates dropped, sorted by code unit). */
export function encodeSystems(systems: Iterable<string>): string {
  const names = [...new Set(systems)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.length === 0 ? ',' : `,${names.map((name) => JSON.stringify(name)).join(',')},`;
}

export function decodeSystems(column: string): string[] {
  return column.length <= 1 ? [] : (JSON.parse(`[${column.slice(1, -1)}]`) as string[]);
}

/** What `instr(systems, ?)` looks for to find one whole name. */
export function systemNeedle(system: string): string {
  return `,${JSON.stringify(system)},`;
}
