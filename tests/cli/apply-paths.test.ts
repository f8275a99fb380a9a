// Paths given to `apply` and `rulings export`, and to the service behind the
// app's Apply and Export dialogs: a folder, a missing folder, or an output on
// top of an input is refused in one line naming the field and the path, before
// any work — never EISDIR from a read or a rename.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../demo/generate';
import { applyPatch } from '../../db/revisions/apply';
import type { ServiceHandle } from '../../db/service';
import { storeWithOneChange } from './support/one-change';
import type { Harness } from './support/harness';
import { runJob } from '../../db/run-job';

let ws: GeneratedWorkspace;
let service: ServiceHandle;
let dir: string;
let folder: string;
let patch: string;
let cli: Harness;

beforeAll(async () => {
  ({ ws, service, dir, patch, cli } = await storeWithOneChange('atlas-cli-apply-'));
  folder = join(dir, 'a-folder');
  mkdirSync(folder);
});
afterAll(() => service.close());

const apply = (flags: Record<string, string>) =>
  cli.run(['apply', ...Object.entries(flags).flatMap(([flag, path]) => [`--${flag}`, path]), '--db', service.dbPath]);

describe('apply refuses unusable paths in one line naming the flag', () => {
  const cases: [string, () => Record<string, string>, () => string][] = [
    [
      '--dataset a folder',
      () => ({ dataset: folder, patch, out: join(dir, 'o1.jsonl') }),
      () => `apply: --dataset: is a directory: ${folder}; expected a dataset file (.jsonl or .parquet)`,
    ],
    [
      '--patch a folder',
      () => ({ dataset: ws.dataset, patch: folder, out: join(dir, 'o2.jsonl') }),
      () => `apply: --patch: is a directory: ${folder}; expected an atlas-gold-patch/1 file (.json)`,
    ],
    [
      '--out a folder',
      () => ({ dataset: ws.dataset, patch, out: folder }),
      () =>
        `apply: --out: is a directory: ${folder}; expected the revised dataset's file name, e.g. DIR/atlas-test.v1.1.jsonl`,
    ],
    [
      '--changelog a folder',
      () => ({ dataset: ws.dataset, patch, out: join(dir, 'o3.jsonl'), changelog: folder }),
      () => `apply: --changelog: is a directory: ${folder}; expected the changelog's file name, e.g. DIR/CHANGELOG.md`,
    ],
    [
      '--out in no folder',
      () => ({ dataset: ws.dataset, patch, out: join(dir, 'nowhere', 'o.jsonl') }),
      () => `apply: --out: no such directory: ${join(dir, 'nowhere')}`,
    ],
    [
      '--dataset missing',
      () => ({ dataset: join(dir, 'nope.jsonl'), patch, out: join(dir, 'o4.jsonl') }),
      () => `apply: --dataset: no such file: ${join(dir, 'nope.jsonl')}`,
    ],
    [
      '--out the base dataset',
      () => ({ dataset: ws.dataset, patch, out: ws.dataset }),
      () =>
        `apply: --out is the same file as --dataset (${ws.dataset}): the base dataset must not be overwritten; write to a new file`,
    ],
    [
      '--changelog the base dataset',
      () => ({ dataset: ws.dataset, patch, out: join(dir, 'o5.jsonl'), changelog: ws.dataset }),
      () => `apply: --changelog is the same file as --dataset (${ws.dataset})`,
    ],
    [
      '--out the patch',
      () => ({ dataset: ws.dataset, patch, out: patch }),
      () => `apply: --out is the same file as --patch (${patch}): the patch must not be overwritten`,
    ],
    [
      '--out named for Parquet, the base JSON Lines',
      () => ({ dataset: ws.dataset, patch, out: join(dir, 'revised.parquet') }),
      () =>
        `apply: --out: ${join(dir, 'revised.parquet')} is named for Parquet, but the revised dataset is written in the base's format (JSON Lines, as ${ws.dataset}); name it .jsonl`,
    ],
    [
      '--out equal to --changelog',
      () => ({ dataset: ws.dataset, patch, out: join(dir, 'same.txt'), changelog: join(dir, 'same.txt') }),
      () =>
        `apply: --changelog is the same file as --out (${join(dir, 'same.txt')}): the revised dataset and its changelog need a file each`,
    ],
  ];
  it.each(cases)('%s', async (_name, flags, message) => {
    const before = readFileSync(ws.dataset);
    const res = await apply(flags());
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^atlas-adjudicator: .*\n$/);
    expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(res.stderr).toContain(message());
    expect(res.stderr).not.toMatch(/EISDIR|ENOENT/);
    expect(readFileSync(ws.dataset).equals(before)).toBe(true);
  });

  it('an --out that links to the base dataset is the base dataset', async () => {
    const link = join(dir, 'link.jsonl');
    symlinkSync(ws.dataset, link);
    const res = await apply({ dataset: ws.dataset, patch, out: link });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`--out is the same file as --dataset (${link})`);
  });

  it('applies when the paths are right, counting in words that agree', async () => {
    const res = await apply({
      dataset: ws.dataset,
      patch,
      out: join(dir, 'revised.jsonl'),
      changelog: join(dir, 'CHANGELOG.md'),
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      new RegExp(`^Wrote v1\\.1 \\(jsonl\\) to .*revised\\.jsonl: 1 operation on 1 of ${ws.taskIds.length} tasks\\n`),
    );
    expect(existsSync(join(dir, 'CHANGELOG.md'))).toBe(true);
  });

  it('replaces an existing output or changelog only with --overwrite', async () => {
    const out = join(dir, 'revised.jsonl');
    const changelog = join(dir, 'CHANGELOG.md');
    writeFileSync(changelog, '# our own changelog\n');
    const again = await apply({ dataset: ws.dataset, patch, out: join(dir, 'fresh.jsonl'), changelog });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `atlas-adjudicator: apply: --changelog: ${changelog} already exists (--overwrite replaces it)\n`,
    );
    expect(readFileSync(changelog, 'utf8')).toBe('# our own changelog\n');
    expect(existsSync(join(dir, 'fresh.jsonl'))).toBe(false);
    expect((await apply({ dataset: ws.dataset, patch, out })).stderr).toContain(
      `--out: ${out} already exists (--overwrite replaces it)`,
    );
    const replaced = await cli.run([
      'apply',
      '--dataset',
      ws.dataset,
      '--patch',
      patch,
      '--out',
      out,
      '--changelog',
      changelog,
      '--overwrite',
      '--db',
      service.dbPath,
    ]);
    expect(replaced.code).toBe(0);
    expect(readFileSync(changelog, 'utf8')).toContain('v1.1');
  });
});

describe('rulings export', () => {
  it('refuses a folder as --out, naming it', async () => {
    const res = await cli.run(['rulings', 'export', '--out', folder, '--db', service.dbPath]);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      `atlas-adjudicator: rulings: --out: is a directory: ${folder}; expected the ruling log's file name, e.g. DIR/mia.rulings.jsonl\n`,
    );
  });
});

describe('the service (the app’s dialogs) refuses the same paths, naming the API field', () => {
  it('applyPatch: an output that exists only when the engineer confirmed replacing it', () => {
    const out = join(dir, 'exists.jsonl');
    writeFileSync(out, 'x');
    expect(service.existingFiles({ paths: [out, join(dir, 'absent.jsonl')] })).toEqual([out]);
    expect(() => service.applyPatch({ dataset: ws.dataset, patch, out })).toThrow(
      `out: ${out} already exists (overwrite replaces it)`,
    );
    expect(service.applyPatch({ dataset: ws.dataset, patch, out, overwrite: true })).toMatchObject({
      jobId: expect.any(String) as string,
    });
  });

  it('applyPatch: before a job starts', () => {
    expect(() => service.applyPatch({ dataset: folder, patch, out: join(dir, 'x.jsonl') })).toThrow(
      `dataset: is a directory: ${folder}; expected a dataset file`,
    );
    expect(() => service.applyPatch({ dataset: ws.dataset, patch, out: ws.dataset })).toThrow(
      `out is the same file as dataset (${ws.dataset})`,
    );
    expect(() =>
      service.applyPatch({ dataset: ws.dataset, patch, out: join(dir, 'y.jsonl'), changelog: join(dir, 'y.jsonl') }),
    ).toThrow('changelog is the same file as out');
  });

  it('applyPatch itself, for every caller', async () => {
    await expect(applyPatch({ dataset: ws.dataset, patch, out: folder })).rejects.toThrow(
      `out: is a directory: ${folder}`,
    );
  });

  it('exportRulings and exportPatch', async () => {
    expect(() => service.exportRulings({ out: folder })).toThrow(
      `out: is a directory: ${folder}; expected the ruling log's file name`,
    );
    await expect(
      runJob(service, 'export', () => service.exportPatch({ revision: 'v1.2', out: folder })),
    ).rejects.toThrow(`out: is a directory: ${folder}; expected the patch's file name`);
    expect(() => service.exportPatch({ revision: 'v1.2', out: join(dir, 'nowhere', 'p.json') })).toThrow(
      `out: no such directory: ${join(dir, 'nowhere')}`,
    );
  });
});

describe('rescore refuses an unusable --patch in one line naming the flag', () => {
  it.each([
    [
      'a folder',
      () => folder,
      () => `rescore: --patch: is a directory: ${folder}; expected an atlas-gold-patch/1 file (.json)`,
    ],
    [
      'missing',
      () => join(dir, 'nope.patch.json'),
      () =>
        `rescore: --patch: no such file: ${join(dir, 'nope.patch.json')}; expected an atlas-gold-patch/1 file (.json)`,
    ],
  ] as const)('%s', async (_name, path, message) => {
    const res = await cli.run(['rescore', '--patch', path(), '--db', service.dbPath]);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(`atlas-adjudicator: ${message()}\n`);
  });
});
