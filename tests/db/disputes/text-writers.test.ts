// Every module that writes disputes or their clusters keeps the search
// current (db/disputes/text-generation.ts): it raises the texts' generation,
// naming the tasks it changed, or it writes only columns the search does not
// compare. A new writer that does neither fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DB = join(__dirname, '..', '..', '..', 'db');

/** Columns of `disputes` the search never compares: writing only these needs no new texts. */
const UNSEARCHED = new Set(['status', 'priority', 'settled_by_revision', 'has_report']);

/** Modules whose SQL another module runs, and which one raises the generation for it. */
const RUN_BY: Record<string, string> = { 'disputes/statements.ts': 'disputes/derive.ts' };

const WRITE = /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+(disputes|dispute_clusters)\b/gu;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The columns an `UPDATE disputes SET …` at `at` assigns. */
function columnsSet(text: string, at: number): string[] {
  const set = /\bSET\s+([\s\S]*?)(?:\bFROM\b|\bWHERE\b|`|'|")/u.exec(text.slice(at));
  return [...(set?.[1] ?? '').matchAll(/(\w+)\s*=/gu)].map((match) => match[1]!);
}

describe('writers of disputes keep the search current', () => {
  const writers = sources(DB)
    .map((path) => ({ path, name: relative(DB, path), text: readFileSync(path, 'utf8') }))
    .filter(({ text }) => new RegExp(WRITE.source, 'u').test(text));

  it('finds the writers it checks', () => {
    expect(writers.map((writer) => writer.name)).toEqual(
      expect.arrayContaining(['disputes/statements.ts', 'reports/report-dispute.ts', 'reports/link.ts']),
    );
  });

  it.each(writers.map((writer) => [writer.name, writer] as const))('%s', (name, { text }) => {
    const raiser = RUN_BY[name];
    if (raiser !== undefined) {
      expect(readFileSync(join(DB, raiser), 'utf8')).toMatch(/raiseDisputeTextsGeneration\([^)]*\[/u);
      return;
    }
    if (/raiseDisputeTextsGeneration\(/u.test(text)) return;
    // No raise: every write may touch only what the search does not compare.
    for (const match of text.matchAll(WRITE)) {
      const statement = match[0];
      expect(statement, `${name} writes ${match[1]} without raising the texts' generation`).toMatch(
        /^UPDATE\s+disputes$/u,
      );
      for (const column of columnsSet(text, match.index))
        expect(UNSEARCHED.has(column), `${name} sets disputes.${column} without raising the texts' generation`).toBe(
          true,
        );
    }
  });
});
