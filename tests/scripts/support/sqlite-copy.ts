// A working copy of the installed better-sqlite3 (its runtime files and its
// loader) in a temporary node_modules, for tests that replace or restore its
// addon: node_modules itself is never touched (it may be hard-linked with
// other checkouts).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO = join(import.meta.dirname, '..', '..', '..');

export interface SqliteCopy {
  root: string;
  moduleDir: string;
  addon: string;
}

export function copySqlite(): SqliteCopy {
  const root = mkdtempSync(join(tmpdir(), 'sqlite-copy-'));
  const modules = join(root, 'node_modules');
  const moduleDir = join(modules, 'better-sqlite3');
  mkdirSync(join(moduleDir, 'build', 'Release'), { recursive: true });
  const source = join(REPO, 'node_modules', 'better-sqlite3');
  cpSync(join(source, 'package.json'), join(moduleDir, 'package.json'));
  cpSync(join(source, 'lib'), join(moduleDir, 'lib'), { recursive: true });
  cpSync(
    join(source, 'build', 'Release', 'better_sqlite3.node'),
    join(moduleDir, 'build', 'Release', 'better_sqlite3.node'),
  );
  for (const loader of ['bindings', 'file-uri-to-path'])
    cpSync(join(REPO, 'node_modules', loader), join(modules, loader), { recursive: true });
  return { root, moduleDir, addon: join(moduleDir, 'build', 'Release', 'better_sqlite3.node') };
}

/** Whether Node can open a database with this copy, as the CLI would (in a child: a loaded addon stays loaded). */
export function opensDatabase(copy: SqliteCopy): { ok: boolean; output: string } {
  const script = `const Database = require(${JSON.stringify(copy.moduleDir)}); const db = new Database(':memory:'); console.log(db.prepare('select 40 + 2 as n').get().n);`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return { ok: result.status === 0 && result.stdout.trim() === '42', output: `${result.stdout}${result.stderr}` };
}
