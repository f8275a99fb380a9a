// The migrations list: numbered 1…n without gaps, each file named by the
// number of the entry that runs it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS } from '../../../db/migrations/index';

const folder = join(__dirname, '../../../db/migrations');
const files = readdirSync(folder).filter((name) => name !== 'index.ts');

describe('the migrations list', () => {
  it('numbers the migrations 1…n in order, without gaps', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
  });

  it('names each file NNN-name.ts by the number of the entry that runs it, one file per entry', async () => {
    for (const file of files) expect(file).toMatch(/^\d{3}-[a-z0-9-]+\.ts$/u);
    const numbers = files.map((file) => Number(file.slice(0, 3)));
    expect(new Set(numbers).size).toBe(files.length);
    for (const file of files) {
      const { up } = (await import(join(folder, file))) as { up: string };
      const entry = MIGRATIONS.find((migration) => migration.version === Number(file.slice(0, 3)));
      expect(entry?.up, `${file} is not run as migration ${file.slice(0, 3)}`).toBe(up);
    }
    // An entry without a file only holds a number another branch's migration takes.
    const withoutFile = MIGRATIONS.filter((migration) => !numbers.includes(migration.version));
    for (const migration of withoutFile) expect(migration).toMatchObject({ name: 'reserved', up: '' });
  });
});
