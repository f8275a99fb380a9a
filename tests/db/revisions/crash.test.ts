// An apply killed (SIGKILL) at any moment leaves no output or the complete
// one: never a partial file at the output path.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../../db/demo/generate';
import { applyPatch } from '../../../db/revisions/apply';
import type { GoldPatch } from '../../../shared/patch';
import { tempDir } from '../../support/workspace';
import type { RawGold } from './support';
import { canaryDecrypt, readJsonl } from './support';

const child = join(import.meta.dirname, 'support', 'apply-child.ts');
let dir: string;
let dataset: string;
let patchPath: string;
let reference: Buffer;

beforeAll(async () => {
  dir = tempDir('atlas-apply-kill-');
  // Big enough for the output to take many 64 KiB writes.
  const ws = await generateWorkspace(join(dir, 'ws'), {
    seed: 3,
    tasks: 80,
    systems: 1,
    minRows: 20,
    maxRows: 25,
    cellsFile: false,
    judges: false,
  });
  dataset = ws.dataset;
  const records = readJsonl(dataset);
  // A hand-made plaintext patch: one value changed in the last task, so the whole file is written before it.
  const last = records.at(-1)!;
  const gold = JSON.parse(canaryDecrypt(last.gold, last.canary)) as RawGold;
  const [column, cell] = Object.entries(gold.rows[0]!.cells).find(([, c]) => typeof c.value === 'string')!;
  const patch: GoldPatch = {
    format: 'atlas-gold-patch/1',
    dataset: 'exa-ai/ATLAS',
    base_revision: 'v1.0',
    base_sha256: createHash('sha256').update(readFileSync(dataset)).digest('hex'),
    revision: 'v1.1',
    created_at: null,
    created_by: 'test',
    encrypted: false,
    operations: [
      {
        op: 'set_cell',
        task_id: last.id,
        row: 0,
        entity: gold.rows[0]!.entity,
        column,
        from: {
          value: cell.value as string,
          ...(Array.isArray(cell.alternatives) && cell.alternatives.length
            ? { alternatives: cell.alternatives as string[] }
            : {}),
        },
        to: { value: 'Corrected' },
        evidence: [],
        rulings: [],
        issues: [7],
        dispute_id: 'd-test',
      },
    ],
  };
  patchPath = join(dir, 'patch.json');
  writeFileSync(patchPath, JSON.stringify(patch));
  await applyPatch({ dataset, patch: patchPath, out: join(dir, 'reference.jsonl') });
  reference = readFileSync(join(dir, 'reference.jsonl'));
  expect(reference.length).toBeGreaterThan(6 * 64 * 1024);
});

function applyAndKill(out: string, killAtWritingLine: number): Promise<'killed' | 'done'> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dataset, patchPath, out], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let writing = 0;
    let done = false;
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line.startsWith('progress writing') && ++writing === killAtWritingLine) proc.kill('SIGKILL');
        if (line === 'done') done = true;
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve(done ? 'done' : 'killed'));
  });
}

describe('crash safety of apply', () => {
  it('SIGKILL while writing leaves no output file, never a partial one; the next apply completes and tidies up', async () => {
    const out = join(dir, 'revised.jsonl');
    let killed = 0;
    for (const point of [1, 2, 4, 6]) {
      rmSync(out, { force: true });
      const outcome = await applyAndKill(out, point);
      if (outcome === 'killed') {
        killed++;
        // Killed mid-write: the temporary file may remain, the output path must not exist.
        expect(existsSync(out)).toBe(false);
      } else {
        expect(readFileSync(out).equals(reference)).toBe(true);
      }
    }
    expect(killed).toBeGreaterThanOrEqual(3);
    expect(readdirSync(dir).some((name) => name.endsWith('.partial'))).toBe(true);

    // Killing after an earlier complete output leaves that complete file in place.
    expect(await applyAndKill(out, Number.MAX_SAFE_INTEGER)).toBe('done');
    expect(readFileSync(out).equals(reference)).toBe(true);
    expect(await applyAndKill(out, 3)).toBe('killed');
    expect(readFileSync(out).equals(reference)).toBe(true);

    // A later apply removes the dead processes' temporary files.
    await applyPatch({ dataset, patch: patchPath, out });
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(readFileSync(out).equals(reference)).toBe(true);
  });
});
