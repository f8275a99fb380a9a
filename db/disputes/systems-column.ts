// The `disputes.systems` column (migrations 004, 005): every system with a
// value for the dispute's cell, each name JSON-quoted on a line of its own,
// sorted: `\n"a"\n"b"\n` (none: `\n`).
//
// Why lines: JSON escapes a newline inside a string, so a raw newline only
// ever separates names, and `\n"name"\n` matches one whole name and nothing
// else. (Migration 004 joined with commas, which a name may contain: a name
// `,` matched between `x,` and `,y`.)

const SEPARATOR = '\n';

/** The column's text for these systems (duplicates dropped, sorted by code unit). */
export function encodeSystems(systems: Iterable<string>): string {
  const names = [...new Set(systems)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `${SEPARATOR}${names.map((name) => `${JSON.stringify(name)}${SEPARATOR}`).join('')}`;
}

export function decodeSystems(column: string): string[] {
  return (
    column
      .split(SEPARATOR)
      // Only quoted names: the column's SQL default (`,`) stands for none.
      .filter((line) => line.startsWith('"'))
      .map((line) => JSON.parse(line) as string)
  );
}

/** What `instr(systems, ?)` looks for to find one whole name. */
export function systemNeedle(system: string): string {
  return `${SEPARATOR}${JSON.stringify(system)}${SEPARATOR}`;
}
