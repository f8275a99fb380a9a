// A process killed (SIGKILL) during an import leaves the store as it was:
// integrity intact and no task half-imported.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import { openService } from '../../../db/service';
import { smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let workspace: GeneratedWorkspace;
const child = join(import.meta.dirname, 'support', 'import-child.ts');

beforeAll(async () => {
  workspace = await smallWorkspace();
});

function importAndKill(
  dbPath: string,
  paths: string[],
  killAfterProgressLines: number,
): Promise<'killed' | 'committed'> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dbPath, ...paths], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lines = 0;
    let committed = false;
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line.startsWith('progress') && ++lines === killAfterProgressLines) proc.kill('SIGKILL');
        if (line === 'committed') committed = true;
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve(committed ? 'committed' : 'killed'));
  });
}

function counts(dbPath: string): { integrity: string; fk: number; tasks: number; runTasks: number; partial: number } {
  const db = new Database(dbPath);
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      fk: (db.pragma('foreign_key_check') as unknown[]).length,
      tasks: (db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n,
      runTasks: (db.prepare('SELECT count(*) AS n FROM run_tasks').get() as { n: number }).n,
      // A graded task with no rows at all would be half-imported.
      partial: (
        db
          .prepare(
            "SELECT count(*) AS n FROM run_tasks rt WHERE state = 'graded' AND NOT EXISTS (SELECT 1 FROM run_rows rr WHERE rr.run_id = rt.run_id AND rr.task_id = rt.task_id)",
          )
          .get() as { n: number }
      ).n,
    };
  } finally {
    db.close();
  }
}

describe('crash safety of import', () => {
  it('SIGKILL at several points mid-import leaves the store unchanged and intact', async () => {
    const paths = workspacePaths(workspace);
    // What a whole import holds, to tell "unchanged" and "whole" from half.
    const referencePath = join(tempDir(), 'reference.sqlite');
    expect(await importAndKill(referencePath, paths, Number.MAX_SAFE_INTEGER)).toBe('committed');
    const whole = counts(referencePath);
    const dbPath = join(tempDir(), 'store.sqlite');
    openService({ dbPath, engineer: 'x' }).close();
    let killedMidway = 0;
    for (const point of [1, 3, 8, 20, 40, 60]) {
      await importAndKill(dbPath, paths, point);
      const after = counts(dbPath);
      expect(after.integrity).toBe('ok');
      expect(after.fk).toBe(0);
      expect(after.partial).toBe(0);
      // Judged by the store, not by the child's last words: a kill can land after the commit and
      // before "committed" is read. Either nothing of the import is there, or all of it.
      if (after.tasks === 0) {
        killedMidway++;
        expect(after.runTasks).toBe(0);
      } else {
        expect([after.tasks, after.runTasks]).toEqual([whole.tasks, whole.runTasks]);
      }
    }
    expect(killedMidway).toBeGreaterThan(3);
    // The store still works: a full import afterwards succeeds.
    expect(await importAndKill(dbPath, paths, Number.MAX_SAFE_INTEGER)).toBe('committed');
    expect(counts(dbPath).tasks).toBe(workspace.taskIds.length);
  });
});
