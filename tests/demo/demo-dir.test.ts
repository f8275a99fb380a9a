import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';
import { tempDir } from '../support/workspace';

async function settle(service: ServiceHandle, jobId: string) {
  let status = await service.getJob({ jobId });
  while (status.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await service.getJob({ jobId });
  }
  return status;
}

describe('the demo workspace', () => {
  it('is written beside its store, so another store loading its demo leaves it in place', async () => {
    const dir = tempDir('atlas-demo-');
    const open = (name: string): ServiceHandle =>
      openService({ dbPath: join(dir, `${name}.sqlite`), settingsPath: join(dir, `${name}.json`), engineer: 'mia' });
    const first = open('first');
    const second = open('second');
    try {
      expect(await settle(first, (await first.loadDemo({})).jobId)).toMatchObject({ state: 'done' });
      const dataset = (
        first.store.db.prepare("SELECT value FROM meta WHERE key = 'dataset_path'").get() as { value: string }
      ).value;
      expect(dataset.startsWith(join(dir, 'first.sqlite.demo') + '/')).toBe(true);
      expect(await settle(second, (await second.loadDemo({})).jobId)).toMatchObject({ state: 'done' });
      expect(existsSync(dataset)).toBe(true);
    } finally {
      first.close();
      second.close();
    }
  });
});
