// A file the user names that cannot be read in full fails the whole import:
// exit 1, nothing written, the file and the reason named. The same file found
// inside a folder is still reported and passed over.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../db/demo/generate';
import { openStore } from '../../db/store';
import { contentDigest } from '../support/store-digest';
import { smallWorkspace } from '../support/workspace';
import { runCli, tempDir } from '../e2e/support';

const dir = tempDir('atlas-cli-named-unreadable-');
const env = {
  ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home'),
  ATLAS_ADJUDICATOR_ENGINEER: 'mia',
  ATLAS_ADJUDICATOR_DB: undefined,
};
let workspace: GeneratedWorkspace;
/** The workspace's dataset cut off in the middle of its last record, as by an interrupted download. */
let cutOff: string;
/** A Parquet dataset whose footer is gone. */
let brokenParquet: string;

beforeAll(async () => {
  workspace = await smallWorkspace();
  const text = readFileSync(workspace.dataset, 'utf8');
  cutOff = join(dir.path, 'cut', 'atlas.jsonl');
  mkdirSync(join(dir.path, 'cut'));
  writeFileSync(cutOff, text.slice(0, text.length - 40));
  const parquet = readFileSync(join(import.meta.dirname, '../fixtures/parquet/atlas-zstd.parquet'));
  brokenParquet = join(dir.path, 'broken.parquet');
  writeFileSync(brokenParquet, parquet.subarray(0, parquet.length - 200));
});
afterAll(() => dir.remove());

function digestOf(db: string): Record<string, string> {
  const store = openStore(db);
  try {
    return contentDigest(store);
  } finally {
    store.db.close();
  }
}

describe('a named file that cannot be read', () => {
  it('fails a first import whole: exit 1, the file and reason named, no store created', async () => {
    const db = dir.db('fresh.sqlite');
    const res = await runCli(['import', brokenParquet, workspace.runsDir, '--db', db], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`cannot read ${brokenParquet}: not a readable Parquet file`);
    expect(res.stderr).toContain('nothing was imported');
    expect(res.stdout).not.toMatch(/Imported/u);
    expect(existsSync(db)).toBe(false);
  });

  it('leaves a store that holds data as it was', async () => {
    const db = dir.db('kept.sqlite');
    const first = await runCli(['import', workspace.dataset, workspace.runsDir, '--db', db], env);
    expect(first.code).toBe(0);
    const before = digestOf(db);
    const res = await runCli(['import', cutOff, workspace.runsDir, '--replace-runs', '--db', db], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`cannot read ${cutOff}: the file ends in the middle of a record`);
    expect(digestOf(db)).toEqual(before);
  });

  it('is still only reported when it was found inside a folder', async () => {
    const db = dir.db('folder.sqlite');
    const folder = join(dir.path, 'inputs');
    mkdirSync(folder);
    copyFileSync(brokenParquet, join(folder, 'broken.parquet'));
    const res = await runCli(['import', folder, workspace.runsDir, '--json', '--db', db], env);
    expect(res.code).toBe(0);
    const report = JSON.parse(res.stdout) as { cells: number; skipped: { path: string; reason: string }[] };
    expect(report.cells).toBeGreaterThan(0);
    const broken = report.skipped.find((item) => item.path === join(folder, 'broken.parquet'));
    expect(broken?.reason).toMatch(/^not a readable Parquet file/u);
  });
});
