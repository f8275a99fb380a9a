// `export` and `rulings export` on the command line: an --out that is the
// store, the dataset or a foreign file is refused in one line naming the flag,
// and --overwrite is the way to replace a foreign file. An empty
// $ATLAS_ADJUDICATOR_DB is unset, never SQLite's throwaway database.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../demo/generate';
import type { ServiceHandle } from '../../db/service';
import { runCli, tempDir as e2eTempDir } from '../e2e/support';
import { storeWithOneChange } from './support/one-change';
import type { Harness } from './support/harness';

let ws: GeneratedWorkspace;
let service: ServiceHandle;
let dir: string;
let cli: Harness;

beforeAll(async () => {
  ({ ws, service, dir, cli } = await storeWithOneChange('atlas-cli-export-paths-'));
});
afterAll(() => service.close());

const exportTo = (out: string, ...flags: string[]) =>
  cli.run(['export', '--revision', 'v1.2', '--out', out, ...flags, '--db', service.dbPath]);

describe('export --out', () => {
  it('refuses the store and the dataset, naming the flag, with or without --overwrite', async () => {
    for (const flags of [[], ['--overwrite']]) {
      const onStore = await exportTo(service.dbPath, ...flags);
      expect(onStore.code).toBe(1);
      expect(onStore.stderr).toBe(
        `atlas-adjudicator: export: --out is the store (${service.dbPath}): write the export to a new file\n`,
      );
      const onDataset = await exportTo(ws.dataset, '--dataset', ws.dataset, ...flags);
      expect(onDataset.code).toBe(1);
      expect(onDataset.stderr).toMatch(/^atlas-adjudicator: export: --out is (an imported dataset|--dataset) \(/u);
      // A dataset the store never imported (the Parquet form of the one it did) is refused as a dataset too.
      const twin = join(dir, 'twin.parquet');
      writeFileSync(twin, 'PAR1 not really parquet, but it says so');
      const onTwin = await exportTo(twin, ...flags);
      expect(onTwin.code).toBe(1);
      expect(onTwin.stderr).toBe(
        `atlas-adjudicator: export: --out is a dataset file (${twin}): write the export to a new file\n`,
      );
      const otherJsonl = join(dir, 'other.jsonl');
      writeFileSync(otherJsonl, readFileSync(ws.dataset, 'utf8'));
      expect((await exportTo(otherJsonl, ...flags)).stderr).toBe(
        `atlas-adjudicator: export: --out is a dataset file (${otherJsonl}): write the export to a new file\n`,
      );
      expect(readFileSync(otherJsonl, 'utf8')).toBe(readFileSync(ws.dataset, 'utf8'));
      // Without --dataset too: the refusal names the imported dataset and never suggests --overwrite, which could not replace it.
      const onImported = await exportTo(ws.dataset, ...flags);
      expect(onImported.code).toBe(1);
      expect(onImported.stderr).toBe(
        `atlas-adjudicator: export: --out is an imported dataset (${ws.dataset}): write the export to a new file\n`,
      );
    }
    expect((await cli.run(['revisions', '--db', service.dbPath])).stdout).not.toContain('v1.2');
  });

  it('refuses an existing file of another kind until --overwrite is given', async () => {
    const mine = join(dir, 'mine.txt');
    writeFileSync(mine, 'keep me\n');
    const refused = await exportTo(mine);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `atlas-adjudicator: export: --out: ${mine} already exists and is not a patch for v1.2 (--overwrite replaces it)\n`,
    );
    expect(readFileSync(mine, 'utf8')).toBe('keep me\n');
    const replaced = await exportTo(mine, '--overwrite');
    expect(replaced.stderr).not.toContain('atlas-adjudicator:');
    expect(replaced.code).toBe(0);
    expect(JSON.parse(readFileSync(mine, 'utf8'))).toMatchObject({ revision: 'v1.2' });
  });

  it('says --overwrite in its help', async () => {
    expect((await cli.run(['export', '--help'])).stdout).toContain(
      '--overwrite           replace an existing --out that is not a patch for this revision',
    );
  });
});

describe('rulings export --out', () => {
  it('writes over its own log, refuses the store and a foreign file', async () => {
    const log = join(dir, 'mia.rulings.jsonl');
    for (let i = 0; i < 2; i++)
      expect((await cli.run(['rulings', 'export', '--out', log, '--db', service.dbPath])).code).toBe(0);
    const onStore = await cli.run(['rulings', 'export', '--out', service.dbPath, '--db', service.dbPath]);
    expect(onStore.stderr).toBe(
      `atlas-adjudicator: rulings: --out is the store (${service.dbPath}): write the export to a new file\n`,
    );
    const onDataset = await cli.run(['rulings', 'export', '--out', ws.dataset, '--db', service.dbPath]);
    expect(onDataset.stderr).toBe(
      `atlas-adjudicator: rulings: --out is an imported dataset (${ws.dataset}): write the export to a new file\n`,
    );
    const other = join(dir, 'plan.md');
    writeFileSync(other, '# plan\n');
    const refused = await cli.run(['rulings', 'export', '--out', other, '--db', service.dbPath]);
    expect(refused.stderr).toBe(
      `atlas-adjudicator: rulings: --out: ${other} already exists and is not a ruling log (--overwrite replaces it)\n`,
    );
    expect((await cli.run(['rulings', 'export', '--out', other, '--overwrite', '--db', service.dbPath])).code).toBe(0);
  });
});

describe('an empty $ATLAS_ADJUDICATOR_DB', () => {
  it('counts as unset: the import lands in the per-user store, not in a throwaway database', async () => {
    const home = e2eTempDir('atlas-empty-env-');
    try {
      const res = await runCli(['import', ws.dataset], {
        ATLAS_ADJUDICATOR_DB: '',
        ATLAS_ADJUDICATOR_HOME: home.path,
        ATLAS_ADJUDICATOR_ENGINEER: 'mia',
      });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(existsSync(join(home.path, 'atlas.sqlite'))).toBe(true);
    } finally {
      home.remove();
    }
  });
});
