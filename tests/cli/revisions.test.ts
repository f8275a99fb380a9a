// `revisions`: each revision's two times, told apart — the latest ruling it
// carries (the patch's created_at, fixed so patches are deterministic) and
// when this store exported it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionRecord } from '../../shared/revision-types';
import { storeWithOneChange } from './support/one-change';
import type { OneChange } from './support/one-change';

let fx: OneChange;
beforeAll(async () => {
  fx = await storeWithOneChange('atlas-cli-revisions-');
});
afterAll(() => fx.service.close());

describe('revisions', () => {
  it('shows the rulings-up-to time and the export time in their own columns', async () => {
    const json = await fx.cli.run(['revisions', '--json', '--db', fx.service.dbPath]);
    expect(json.code, json.stderr).toBe(0);
    const [record] = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as RevisionRecord);
    expect(record!.created_at).not.toBe(record!.recorded_at);

    const text = await fx.cli.run(['revisions', '--db', fx.service.dbPath]);
    expect(text.code, text.stderr).toBe(0);
    const [header, row] = text.stdout.split('\n');
    expect(header).toMatch(/^tag\s+base\s+rulings up to\s+exported\s+by\s+ops\s+patch sha256\s+state\s*$/u);
    const at = (column: string): string => row!.slice(header!.indexOf(column)).split(/\s{2,}/u)[0]!;
    expect(at('rulings up to')).toBe(record!.created_at);
    expect(at('exported')).toBe(record!.recorded_at);
  });
});

describe('apply and the store it records in', () => {
  const args = (out: string): string[] => [
    'apply',
    '--dataset',
    fx.ws.dataset,
    '--patch',
    fx.patch,
    '--out',
    join(fx.dir, out),
  ];

  it('refuses a --db that names no store, writing nothing', async () => {
    const missing = join(fx.dir, 'no-such-store.sqlite');
    const run = await fx.cli.run([...args('never.jsonl'), '--db', missing]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      `--db: no store at ${missing}; leave --db out to apply without recording the revised dataset in a store`,
    );
    expect(existsSync(join(fx.dir, 'never.jsonl'))).toBe(false);
    expect(existsSync(missing)).toBe(false);
  });

  it('says where the revised dataset was recorded, or that no store holds it', async () => {
    const recorded = await fx.cli.run([...args('recorded.jsonl'), '--db', fx.service.dbPath]);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.stdout).toContain(
      `Recorded in the store ${fx.service.dbPath}: importing the revised dataset there settles v1.1`,
    );
    const absent = join(fx.dir, 'default-store.sqlite');
    const unrecorded = await fx.cli.run(args('unrecorded.jsonl'), { env: { ATLAS_ADJUDICATOR_DB: absent } });
    expect(unrecorded.code, unrecorded.stderr).toBe(0);
    expect(unrecorded.stdout).toContain(
      `Recorded in no store (none at ${absent}): the store that exported the patch knows the revised dataset by its gold`,
    );
    expect(existsSync(absent)).toBe(false);
  });
});
