// Discretion (design.md §1, §7.1, issue 5): an encrypted patch and a changelog
// can be published; neither may show any gold value, entity name, alias,
// evidence URL or question text in plain text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPatch } from '../../../db/revisions/apply';
import { mapOperationText } from '../../../shared/patch';
import type { RuledWorkspace } from './support';
import { canaryDecrypt, decryptedGold, readJsonl, readPatch, ruledWorkspace } from './support';

let ws: RuledWorkspace;
let secrets: string[];

/** Every string the fixture knows that must stay hidden. */
function fixtureSecrets(): string[] {
  const found = new Set<string>(ws.ruledStrings);
  const records = readJsonl(ws.workspace.dataset);
  for (const record of records) found.add(canaryDecrypt(record.question, record.canary));
  for (const gold of decryptedGold(records).values()) {
    for (const row of gold.rows) {
      found.add(row.entity);
      for (const alias of row.aliases) found.add(alias);
      for (const cell of Object.values(row.cells)) {
        for (const key of ['value', 'alternatives', 'sources'] as const) {
          const value = cell[key];
          for (const text of Array.isArray(value) ? value : [value]) if (typeof text === 'string') found.add(text);
        }
      }
    }
  }
  // The plaintext patch's own strings: values, entities, aliases and evidence it carries.
  for (const op of readPatch(ws.plaintext).operations) mapOperationText(op, (text) => (found.add(text), text));
  return [...found].filter((text) => text.length >= 4);
}

/**
 * Hex digests and ISO timestamps are not gold but can contain a 4-digit gold
 * number by chance (a Metascore of "1994" inside a sha256); they are masked
 * so that such a coincidence does not read as a leak.
 */
function masked(text: string): string {
  return text.replace(/[0-9a-f]{64}/gu, '<sha256>').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/gu, '<time>');
}

beforeAll(async () => {
  ws = await ruledWorkspace();
  secrets = fixtureSecrets();
});
afterAll(() => ws.service.close());

describe('no plain-text gold in published files', () => {
  it('knows enough secrets to make the check meaningful', () => {
    expect(secrets.length).toBeGreaterThan(100);
    expect(secrets).toContain('The Legend of Zelda: Ocarina of Time 3D');
    expect(secrets.some((s) => s.startsWith('https://evidence.example/'))).toBe(true);
  });

  it('the encrypted patch shows none of them', () => {
    const text = masked(readFileSync(ws.encrypted, 'utf8'));
    const leaks = secrets.filter((secret) => text.includes(secret));
    expect(leaks).toEqual([]);
    // ...while the plaintext patch does (the check would catch a leak).
    const plain = readFileSync(ws.plaintext, 'utf8');
    expect(secrets.filter((secret) => plain.includes(secret)).length).toBeGreaterThan(5);
  });

  it('the changelog shows none of them, from either form of the patch', async () => {
    for (const patch of [ws.encrypted, ws.plaintext]) {
      const changelog = join(ws.dir, `CHANGELOG-${patch === ws.encrypted ? 'enc' : 'plain'}.md`);
      await applyPatch({ dataset: ws.workspace.dataset, patch, out: join(ws.dir, 'out.jsonl'), changelog });
      const text = masked(readFileSync(changelog, 'utf8'));
      expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
      // It does name what changed: every touched task and column.
      for (const op of readPatch(ws.plaintext).operations) {
        expect(text).toContain(op.task_id);
        if (op.column) expect(text).toContain(op.column);
      }
    }
  });
});
