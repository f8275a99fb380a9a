// A column's rule holds gold (a choice column's options, an llm_judge
// column's criterion): the store file never shows it in plain text, and a
// store written before the rules were sealed has them sealed once opened
// (migration 012).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '../../../db/migrations/index';
import { openService } from '../../../db/service';
import { datasetRecord } from '../readers/helpers';
import { storeAtVersion } from '../store-at-version';
import { freshService, tempDir } from '../../support/workspace';

const OPTION = 'Platypus-certified edition';
const CRITERION = 'Narwhal hometown, spelled as on the town hall';
const RULES = [
  { name: 'Title', rule: { type: 'entity' } },
  { name: 'Edition', rule: { type: 'choice', options: ['Standard edition', OPTION] } },
  { name: 'Hometown', rule: { type: 'llm_judge', criterion: CRITERION } },
];

function dataset(): string {
  const gold = {
    entity_column: 'Title',
    columns: RULES,
    rows: [
      {
        entity: 'Mystery Title',
        aliases: [],
        cells: { Edition: { value: 'Standard edition' }, Hometown: { value: 'Tromsø' } },
      },
    ],
  };
  const path = join(tempDir(), 'atlas.jsonl');
  writeFileSync(path, `${JSON.stringify(datasetRecord('atlas/0042:rules', gold))}\n`);
  return path;
}

/** The store's bytes as they are on disk, its write-ahead log included. */
function storeBytes(path: string): string {
  return [path, `${path}-wal`]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('');
}

describe('column rules in the store', () => {
  it('are sealed: the store file holds no choice option or criterion in plain text', async () => {
    const service = freshService();
    await service.importPaths([dataset()]);
    const path = service.store.path;
    service.close();
    const bytes = storeBytes(path);
    expect(bytes).not.toContain(OPTION);
    expect(bytes).not.toContain(CRITERION);
    const reopened = openService({ dbPath: path, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' });
    try {
      const rules = reopened.store.db
        .prepare<[], string>('SELECT unseal(rule_s) FROM task_columns ORDER BY idx')
        .pluck()
        .all();
      expect(rules.map((rule) => JSON.parse(rule) as unknown)).toEqual(RULES.map((column) => column.rule));
    } finally {
      reopened.close();
    }
  });

  it('are sealed in a store written before they were, once it is opened (migration 012)', async () => {
    const current = freshService();
    await current.importPaths([dataset()]);
    const source = current.store.path;
    current.close();
    const old = storeAtVersion(11, { rowsOf: source });
    old.db.close();
    const path = old.path;
    expect(storeBytes(path)).toContain(CRITERION);

    const service = openService({ dbPath: path, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' });
    try {
      expect(service.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      expect(service.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rules = service.store.db
        .prepare<[], string>('SELECT unseal(rule_s) FROM task_columns ORDER BY idx')
        .pluck()
        .all();
      expect(rules.map((rule) => JSON.parse(rule) as unknown)).toEqual(RULES.map((column) => column.rule));
    } finally {
      service.close();
    }
    const bytes = storeBytes(path);
    expect(bytes).not.toContain(OPTION);
    expect(bytes).not.toContain(CRITERION);
  });
});
