// `revisions`: each revision's two times, told apart — the latest ruling it
// carries (the patch's created_at, fixed so patches are deterministic) and
// when this store exported it.
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
    const [record] = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as RevisionRecord);
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
