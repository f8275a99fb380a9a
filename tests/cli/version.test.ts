// One version: the service reports package.json's, and the bundled command
// line says the same with --version as its browser-mode service does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshService } from '../support/workspace';
import { REPO_ROOT, runCli, startBridge, tempDir } from '../e2e/support';

const dir = tempDir('atlas-cli-version-');
afterAll(() => dir.remove());

const packageVersion = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

describe('the app version', () => {
  it("is package.json's in what the service reports", async () => {
    const service = freshService('mia');
    try {
      expect((await service.getInfo({})).version).toBe(packageVersion);
    } finally {
      service.close();
    }
  });

  it("is the same from the bundled CLI's --version and from the service it serves", async () => {
    const printed = await runCli(['--version']);
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    const bridge = await startBridge(join(dir.path, 'store.sqlite'));
    try {
      const { version } = await bridge.api('getInfo', {});
      expect(printed.stdout).toBe(`${version}\n`);
      expect(version).toBe(packageVersion);
    } finally {
      await bridge.close();
    }
  });
});
