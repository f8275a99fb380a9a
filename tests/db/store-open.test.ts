// Opening a store at a path that cannot be one: the message names the path
// and what belongs there, never SQLite's bare "unable to open database file".
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store';
import { tempDir } from '../support/workspace';

describe('opening a store', () => {
  it('refuses a directory, naming it and suggesting a file inside it', () => {
    const dir = join(tempDir('atlas-store-open-'), 'folder');
    mkdirSync(dir);
    expect(() => openStore(dir)).toThrow(
      `store ${dir}: is a directory; expected an ATLAS Adjudicator store file (SQLite), e.g. ${join(dir, 'atlas.sqlite')}`,
    );
  });

  it('refuses a file that is not a store, naming it', () => {
    const file = join(tempDir('atlas-store-open-'), 'runs.cells.jsonl');
    writeFileSync(file, `${JSON.stringify({ task_id: 'atlas-0001', system: 'alpha', padding: 'x'.repeat(200) })}\n`);
    expect(() => openStore(file)).toThrow(
      new RegExp(
        `^store ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a store \\(file is not a database\\); expected an ATLAS Adjudicator store file`,
      ),
    );
  });

  it('names the folder when a file stands where the store’s folder should be', () => {
    const file = join(tempDir('atlas-store-open-'), 'not-a-folder');
    writeFileSync(file, 'x');
    expect(() => openStore(join(file, 'atlas.sqlite'))).toThrow(
      `store ${join(file, 'atlas.sqlite')}: ${file} is not a directory`,
    );
  });

  it('still opens a fresh store and an empty file', () => {
    const dir = tempDir('atlas-store-open-');
    const empty = join(dir, 'empty.sqlite');
    writeFileSync(empty, '');
    for (const path of [join(dir, 'new', 'atlas.sqlite'), empty]) openStore(path).db.close();
  });
});
