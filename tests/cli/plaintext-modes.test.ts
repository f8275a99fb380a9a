// Plain-text outputs hold gold (a --plaintext patch, a --plaintext ruling log):
// each is created readable by its owner only, also when it replaces a file
// that others could read. Encrypted outputs keep the usual mode.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../db/service';
import { storeWithOneChange } from './support/one-change';
import type { Harness } from './support/harness';

let service: ServiceHandle;
let dir: string;
let cli: Harness;

beforeAll(async () => {
  ({ service, dir, cli } = await storeWithOneChange('atlas-cli-plaintext-modes-'));
});
afterAll(() => service.close());

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe('plain-text outputs are private', () => {
  it('writes a --plaintext patch readable by its owner only', async () => {
    const out = join(dir, 'v1.1.plain.json');
    const res = await cli.run([
      'export',
      '--revision',
      'v1.1',
      '--out',
      out,
      '--plaintext',
      '--overwrite',
      '--db',
      service.dbPath,
    ]);
    // Only the note of what the patch leaves out (open disputes nobody ruled on).
    expect(res.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('left out of the patch:'))).toEqual(
      [],
    );
    expect(res.code).toBe(0);
    expect(modeOf(out)).toBe(0o600);
  });

  it('writes a --plaintext ruling log readable by its owner only, also over a file others could read', async () => {
    const out = join(dir, 'team.rulings.jsonl');
    writeFileSync(out, '', { mode: 0o644 });
    const res = await cli.run(['rulings', 'export', '--out', out, '--plaintext', '--db', service.dbPath]);
    expect(res.code).toBe(0);
    expect(modeOf(out)).toBe(0o600);
  });

  it('keeps the usual mode for encrypted outputs', async () => {
    const out = join(dir, 'team.enc.rulings.jsonl');
    const res = await cli.run(['rulings', 'export', '--out', out, '--db', service.dbPath]);
    expect(res.code).toBe(0);
    expect(modeOf(out) & 0o044).not.toBe(0);
  });
});
