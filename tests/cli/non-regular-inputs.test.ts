// Every file a command reads is a regular file within the size limit imports
// are held to: a named pipe or a device is refused at once, naming the flag,
// instead of hanging the command (past SIGTERM) or reading /dev/zero without
// end. Run as child processes: a hang there is killed, never this worker.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../demo/generate';
import type { ServiceHandle } from '../../db/service';
import { runCli } from '../e2e/support';
import { storeWithOneChange } from './support/one-change';

let ws: GeneratedWorkspace;
let service: ServiceHandle;
let dir: string;
let patch: string;
let fifo: string;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  ({ ws, service, dir, patch } = await storeWithOneChange('atlas-cli-non-regular-'));
  fifo = join(dir, 'pipe.json');
  execFileSync('mkfifo', [fifo]);
  env = {
    ATLAS_ADJUDICATOR_HOME: join(dir, 'home'),
    ATLAS_ADJUDICATOR_ENGINEER: 'mia',
    ATLAS_ADJUDICATOR_DB: undefined,
    ATLAS_ADJUDICATOR_MAX_FILE_SIZE: undefined,
  };
});
afterAll(() => service.close());

/** Long enough for any refusal; a command that hangs is killed then, and fails the test by its exit code. */
const HANG = { timeoutMs: 30_000 };

describe('non-regular inputs are refused at once', () => {
  it.each([
    [
      'apply --patch a named pipe',
      () => ['apply', '--dataset', ws.dataset, '--patch', fifo, '--out', join(dir, 'o1.jsonl')],
      () => `--patch: not a regular file: ${fifo} (a named pipe)`,
    ],
    [
      'apply --dataset a named pipe',
      () => ['apply', '--dataset', fifo, '--patch', patch, '--out', join(dir, 'o2.jsonl')],
      () => `--dataset: not a regular file: ${fifo} (a named pipe)`,
    ],
    [
      'rescore --patch /dev/zero',
      () => ['rescore', '--patch', '/dev/zero'],
      () => '--patch: not a regular file: /dev/zero (a device)',
    ],
    [
      'rescore --patch a named pipe',
      () => ['rescore', '--patch', fifo],
      () => `--patch: not a regular file: ${fifo} (a named pipe)`,
    ],
    ['rulings import a named pipe', () => ['rulings', 'import', fifo], () => `not a regular file: ${fifo}`],
    ['reports import a named pipe', () => ['reports', 'import', fifo], () => `${fifo}`],
    ['import a named pipe', () => ['import', fifo], () => `cannot read ${fifo}: not a regular file`],
  ])('%s', async (_name, args, message) => {
    const res = await runCli([...args(), '--db', service.dbPath], env, HANG);
    expect(res.signal).toBeNull();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(message());
  });

  it('refuses a patch above the size limit, naming the limit', async () => {
    const big = join(dir, 'big.patch.json');
    writeFileSync(big, `${' '.repeat(4096)}{}`);
    const res = await runCli(
      ['rescore', '--patch', big, '--db', service.dbPath],
      { ...env, ATLAS_ADJUDICATOR_MAX_FILE_SIZE: '1K' },
      HANG,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `patch: ${big} is 4.0 KiB (4098 bytes), above the size limit of 1.0 KiB (1024 bytes); set another with ATLAS_ADJUDICATOR_MAX_FILE_SIZE`,
    );
  });
});
