// Tests mirror the code: the tests of a module sit in the folder under tests/
// that matches the module's folder (tests/db/readers ↔ db/readers,
// tests/renderer/lib ↔ renderer/src/lib), so a module's tests are found by its
// path. docs/development.md describes the layout.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..');
const TESTS = join(REPO, 'tests');

// Each top-level folder of tests/ and the source folders it mirrors (the demo
// generator may sit at demo/ or db/demo/).
const SOURCE_ROOTS: Record<string, string[]> = {
  shared: ['shared'],
  db: ['db'],
  demo: ['demo', 'db/demo'],
  cli: ['cli'],
  electron: ['electron'],
  scripts: ['scripts'],
  bench: ['bench'],
  renderer: ['renderer/src'],
};
// Folders that test the app as a whole or hold data, not one module's tests.
const APP_LEVEL = new Set(['e2e', 'docs', 'fixtures']);
// Helper modules live in a `support` folder beside the tests that use them.
const HELPERS = 'support';

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name));
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

// Every folder under tests/<area>/ outside helper folders, as a path relative to tests/.
function testFolders(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const folder of folders(dir)) {
      if (folder.endsWith(`/${HELPERS}`)) continue;
      found.push(relative(TESTS, folder));
      visit(folder);
    }
  };
  for (const area of folders(TESTS)) {
    const name = relative(TESTS, area);
    if (APP_LEVEL.has(name) || name === HELPERS) continue;
    found.push(name);
    visit(area);
  }
  return found;
}

describe('the tests folder', () => {
  it('mirrors the source: every folder under tests/ matches an existing source folder', () => {
    const unmatched = testFolders().filter((folder) => {
      const [area = '', ...rest] = folder.split('/');
      const roots = SOURCE_ROOTS[area] ?? [];
      return !roots.some((root) => isFolder(join(REPO, root, ...rest)));
    });
    expect(unmatched).toEqual([]);
  });

  it('keeps no test file at its top level but this one', () => {
    const loose = readdirSync(TESTS).filter((name) => name.endsWith('.test.ts') && name !== 'layout.test.ts');
    expect(loose).toEqual([]);
  });
});
