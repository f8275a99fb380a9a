// Crash safety (issue 6): a child process doing real work is killed with
// SIGKILL at random moments — during import (half of those with the import's
// worker thread reading and deriving), ruling writes and export — 57 times in
// all. After every kill the store passes integrity_check and
// foreign_key_check, every ruling the child acknowledged is there, an import
// is wholly present or wholly absent (so no task is half-imported), and the
// exported patch is absent or complete. The schedule is seeded: a failure
// names the seed and the kill moment, so it can be replayed.
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../db/demo/generate';
import { openService } from '../../db/service';
import { smallWorkspace, tempDir, workspacePaths } from '../support/workspace';
import { runAndKill } from './support/spawn-child';
import { inspectStore, prng } from './support/store-checks';
import type { Snapshot, StoreHealth } from './support/store-checks';

const SEED = 20260601;
const IMPORT_KILLS = 22;
const RULE_KILLS = 20;
const EXPORT_KILLS = 15;

let workspace: GeneratedWorkspace;
let runPaths: string[];
/** A store holding the dataset only, and the same store after the full import: the only two states allowed after a kill. */
let baseStore: string;
let before: Snapshot;
let baseIndexes: string[];
let after: Snapshot;
let importMs: number;
let progressLines: number;
let dir: string;

/** A copy of a closed store (no WAL of its own), replacing whatever was at `to`, WAL included. */
function resetTo(from: string, to: string): void {
  for (const suffix of ['-wal', '-shm']) rmSync(`${to}${suffix}`, { force: true });
  copyFileSync(from, to);
}

function expectHealthy(health: StoreHealth, context: string): void {
  expect(health.integrity, context).toBe('ok');
  expect(health.foreignKeyProblems, context).toEqual([]);
  expect(health.danglingPositions, context).toBe(0);
}

beforeAll(async () => {
  workspace = await smallWorkspace();
  dir = tempDir('atlas-crash-');
  baseStore = join(dir, 'base.sqlite');
  const base = openService({ dbPath: baseStore, engineer: 'setup', settingsPath: join(dir, 'settings.json') });
  await base.importPaths([workspace.dataset]);
  base.close();
  ({ snapshot: before, indexes: baseIndexes } = inspectStore(baseStore));
  expect(baseIndexes).toContain('system_cells_by_gold_cell');
  runPaths = workspacePaths(workspace).filter((path) => path !== workspace.dataset);

  // The reference: the same import, uninterrupted, timed to spread the kill moments over it.
  const reference = join(dir, 'reference.sqlite');
  resetTo(baseStore, reference);
  const outcome = await runAndKill(['import', reference, ...runPaths], { timeoutMs: 120_000 });
  expect(outcome.lines.at(-1), outcome.stderr).toMatch(/^committed \d+$/u);
  importMs = Number(outcome.lines.at(-1)!.split(' ')[1]);
  progressLines = outcome.lines.filter((line) => line.startsWith('progress')).length;
  after = inspectStore(reference).snapshot;
  expect(after.run_tasks).toBeGreaterThan(before.run_tasks);
}, 180_000);

describe('SIGKILL at random moments', () => {
  it(`during import (${IMPORT_KILLS} kills): the import is wholly there or wholly absent`, async () => {
    const random = prng(SEED);
    const store = join(dir, 'import.sqlite');
    resetTo(baseStore, store);
    let midway = 0;
    for (let k = 0; k < IMPORT_KILLS; k++) {
      // Half by time over the whole run (reading, writing, deriving, committing), half by progress.
      const plan =
        k % 2 === 0
          ? { afterMs: Math.floor(random() * importMs) }
          : { afterLines: { prefix: 'progress', n: 1 + Math.floor(random() * progressLines) } };
      // Every other pair of kills on the heavy path: worker thread forced (reading and deriving there), cells' index deferred.
      const mode = k % 4 < 2 ? 'import' : 'import-threads';
      const outcome = await runAndKill([mode, store, ...runPaths], plan);
      const context = `seed ${SEED}, kill ${k} (${mode}), ${JSON.stringify(plan)}`;
      const health = inspectStore(store);
      expectHealthy(health, context);
      const committed = outcome.lines.some((line) => line.startsWith('committed'));
      if (!committed) midway++;
      expect([before, after], context).toContainEqual(health.snapshot);
      expect(health.indexes, context).toEqual(baseIndexes);
      // An import that got through is undone for the next kill: back to the dataset-only store.
      if (committed || JSON.stringify(health.snapshot) === JSON.stringify(after)) resetTo(baseStore, store);
    }
    expect(midway).toBeGreaterThanOrEqual(IMPORT_KILLS / 2);
    const final = await runAndKill(['import', store, ...runPaths], { timeoutMs: 120_000 });
    expect(final.lines.at(-1), final.stderr).toMatch(/^committed/u);
    expect(inspectStore(store).snapshot).toEqual(after);
  }, 300_000);

  it(`during ruling writes (${RULE_KILLS} kills): every acknowledged ruling is there`, async () => {
    const random = prng(SEED + 1);
    const store = join(dir, 'reference.sqlite');
    const acknowledged = new Set<string>();
    for (let k = 0; k < RULE_KILLS; k++) {
      const plan =
        k % 2 === 0
          ? { afterMs: Math.floor(random() * 400) }
          : { afterLines: { prefix: 'ack', n: 1 + Math.floor(random() * 40) } };
      const outcome = await runAndKill(['rule', store], plan);
      const context = `seed ${SEED + 1}, kill ${k}, ${JSON.stringify(plan)}: ${outcome.stderr}`;
      expect(outcome.killed, context).toBe(true);
      for (const line of outcome.lines) if (line.startsWith('ack ')) acknowledged.add(line.slice(4));
      const health = inspectStore(store);
      expectHealthy(health, context);
      for (const id of acknowledged) expect(health.rulingIds.has(id), `${context}: ruling ${id}`).toBe(true);
      expect(health.snapshot, context).toEqual(after);
    }
    expect(acknowledged.size).toBeGreaterThan(RULE_KILLS);
  }, 300_000);

  it(`during export (${EXPORT_KILLS} kills): the patch file is absent or complete`, async () => {
    const random = prng(SEED + 2);
    const store = join(dir, 'reference.sqlite');
    const out = join(dir, 'patch.json');
    let exported = false;
    for (let k = 0; k < EXPORT_KILLS; k++) {
      const plan =
        k % 2 === 0
          ? { afterMs: Math.floor(random() * 400) }
          : { afterLines: { prefix: 'exported', n: 1 + Math.floor(random() * 8) } };
      const outcome = await runAndKill(['export', store, out], plan);
      const context = `seed ${SEED + 2}, kill ${k}, ${JSON.stringify(plan)}: ${outcome.stderr}`;
      expect(outcome.killed, context).toBe(true);
      const health = inspectStore(store);
      expectHealthy(health, context);
      for (const line of outcome.lines)
        if (line.startsWith('ack ')) expect(health.rulingIds.has(line.slice(4)), context).toBe(true);
      exported ||= outcome.lines.includes('exported');
      if (exported) expect(existsSync(out), context).toBe(true);
      if (existsSync(out)) {
        const text = readFileSync(out, 'utf8');
        expect(text.endsWith('\n'), context).toBe(true);
        const patch = JSON.parse(text) as { format: string; operations: unknown[] };
        expect(patch.format, context).toBe('atlas-gold-patch/1');
        expect(Array.isArray(patch.operations), context).toBe(true);
      }
    }
    expect(exported).toBe(true);
  }, 300_000);
});
