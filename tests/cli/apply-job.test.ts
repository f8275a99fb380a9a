// `apply` with a store runs the service's apply job, as the app's Apply dialog
// does: the command prints the job's result, a refusal it carries, and
// cancels it on SIGINT. The fake service stands in for the store, so nothing
// here is applied by the command itself.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../shared/api-types';
import type { ApplyResult } from '../../shared/revision-types';
import { tempDir } from '../e2e/support';
import { asHandle, createFakeService } from './support/fake-service';
import { harness } from './support/harness';

const dir = tempDir('cli-apply-job-');
afterAll(() => dir.remove());

const dataset = join(dir.path, 'atlas-test.v1.0.jsonl');
const patch = join(dir.path, 'v1.1.patch.json');
const db = join(dir.path, 'store.sqlite');
for (const file of [dataset, patch, db]) writeFileSync(file, 'not read by the command\n');

const RESULT: ApplyResult = {
  out: join(dir.path, 'atlas-test.v1.1.jsonl'),
  format: 'jsonl',
  sha256: 'a'.repeat(64),
  bytes: 100,
  revision: 'v1.1',
  base_revision: 'v1.0',
  base_verified: true,
  patch_sha256: 'b'.repeat(64),
  content_sha256: 'c'.repeat(64),
  tasks: { total: 3, changed: 1 },
  operations: { total: 2, by_kind: { set_cell: 2 } },
  superseded: [],
  changelog: null,
};

/** A service whose apply job ends as `ending` says, once the command has polled it running. */
function setup(ending: Partial<JobStatus> | 'never') {
  const fake = createFakeService();
  const applied: unknown[] = [];
  let job: JobStatus = { id: 'job-apply', kind: 'apply', state: 'running', done: 0, total: 1, message: 'applying' };
  const service = {
    ...fake,
    applyPatch: (input: unknown) => {
      applied.push(input);
      if (ending !== 'never') setTimeout(() => (job = { ...job, ...ending }), 50);
      return { jobId: job.id };
    },
    getJob: () => ({ ...job }),
    cancelJob: () => {
      job = { ...job, state: 'cancelled', error: 'cancelled: no output was written' };
      return { ...job };
    },
  };
  const h = harness(() => asHandle(service), { cwd: dir.path });
  return { h, applied };
}

const ARGS = ['apply', '--dataset', dataset, '--patch', patch, '--out', RESULT.out, '--db', db];

describe('apply with a store', () => {
  it("starts the service's apply job and prints what it wrote", async () => {
    const { h, applied } = setup({ state: 'done', apply: RESULT });
    const res = await h.run(ARGS);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(applied).toEqual([{ dataset, patch, out: RESULT.out, plaintext: false, overwrite: false }]);
    expect(res.stdout.split('\n')).toEqual([
      `Wrote v1.1 (jsonl) to ${RESULT.out}: 2 operations on 1 of 3 tasks`,
      `sha256 ${'a'.repeat(64)}`,
      `Recorded in the store ${db}: importing the revised dataset there settles v1.1`,
      '',
    ]);
  });

  it('prints a refused patch as JSON and exits 1 with the job’s message', async () => {
    const refusal = { base: { expected: 'e'.repeat(64), found: 'f'.repeat(64) }, mismatches: [] };
    const { h } = setup({ state: 'failed', error: 'the dataset is not the patch’s base', refusal });
    const res = await h.run([...ARGS, '--json']);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout)).toEqual(refusal);
    expect(res.stderr).toBe('atlas-adjudicator: apply: the dataset is not the patch’s base\n');
  });

  it('cancels the job on SIGINT with exit 130', async () => {
    const { h } = setup('never');
    const pending = h.run(ARGS);
    await new Promise((r) => setTimeout(r, 50));
    h.signal('SIGINT');
    const res = await pending;
    expect(res.code).toBe(130);
    expect(res.stderr).toBe('atlas-adjudicator: apply cancelled; no output was written\n');
  });
});
