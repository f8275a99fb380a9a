// The README's key table is what the app's key map says, key for key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_MAP } from '../../../renderer/src/lib/keys';

const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');

describe('README', () => {
  it('leads with exactly the two set-up commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1]?.trim().split('\n');
    expect(firstBlock).toEqual(['npm install', 'npm test']);
  });

  it('lists every action of the in-app key map', () => {
    for (const item of KEY_MAP.flatMap((group) => group.items)) {
      expect(readme, item.what).toContain(item.what.replace(/’/g, "'"));
    }
  });
});
