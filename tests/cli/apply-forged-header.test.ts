// A patch's revision, base_revision and created_by are held to the rules export
// writes them by: an edited one is refused naming the field, with nothing
// written (no dataset, no changelog, no history in the store).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../demo/generate';
import type { ServiceHandle } from '../../db/service';
import type { GoldPatch } from '../../shared/patch';
import { storeWithOneChange } from './support/one-change';
import type { Harness } from './support/harness';

let ws: GeneratedWorkspace;
let service: ServiceHandle;
let dir: string;
let patch: GoldPatch;
let cli: Harness;

beforeAll(async () => {
  let path: string;
  ({ ws, service, dir, patch: path, cli } = await storeWithOneChange('atlas-cli-apply-forged-'));
  patch = JSON.parse(readFileSync(path, 'utf8')) as GoldPatch;
});
afterAll(() => service.close());

function history(): unknown {
  return {
    revisions: service.store.db.prepare('SELECT * FROM revisions ORDER BY tag').all(),
    meta: service.store.db.prepare('SELECT * FROM meta ORDER BY key').all(),
  };
}

describe('apply refuses a patch whose header export would not have written', () => {
  const cases: [string, Partial<GoldPatch>, string][] = [
    [
      'an injected heading in revision',
      { revision: 'v9\n# Injected [x](javascript:alert(1))' },
      'revision: "v9\\n# Injected',
    ],
    ['a revision that is the base revision', { revision: 'v1.0' }, 'revision: "v1.0" is the base revision\'s own tag'],
    [
      'a base_revision with spaces',
      { base_revision: 'v1.0 <script>' },
      'base_revision: "v1.0 <script>" is not a revision tag',
    ],
    ['an empty revision tag', { revision: '' }, 'revision'],
    [
      'a created_by with a terminal escape',
      { created_by: 'mia\u001b[2J' },
      'created_by: "mia\\u001b[2J" holds control characters',
    ],
    [
      'a created_by with a line break',
      { created_by: 'mia\n## Approved' },
      'created_by: "mia\\n## Approved" holds control characters',
    ],
  ];
  it.each(cases)('%s', async (name, change, message) => {
    const forged = join(dir, `forged-${name.replace(/\W+/gu, '-')}.json`);
    writeFileSync(forged, JSON.stringify({ ...patch, ...change }));
    const out = join(dir, `out-${name.replace(/\W+/gu, '-')}.jsonl`);
    const changelog = join(dir, `CHANGELOG-${name.replace(/\W+/gu, '-')}.md`);
    const before = history();
    const res = await cli.run([
      'apply',
      '--dataset',
      ws.dataset,
      '--patch',
      forged,
      '--out',
      out,
      '--changelog',
      changelog,
      '--db',
      service.dbPath,
    ]);
    expect(res.code).toBe(1);
    expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(res.stderr).toContain(forged);
    expect(res.stderr).toContain(message);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(changelog)).toBe(false);
    expect(history()).toEqual(before);
  });

  it('still applies the patch as exported', async () => {
    const out = join(dir, 'out-as-exported.jsonl');
    const exported = join(dir, 'as-exported.json');
    writeFileSync(exported, JSON.stringify(patch));
    const res = await cli.run([
      'apply',
      '--dataset',
      ws.dataset,
      '--patch',
      exported,
      '--out',
      out,
      '--db',
      service.dbPath,
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(existsSync(out)).toBe(true);
  });
});
