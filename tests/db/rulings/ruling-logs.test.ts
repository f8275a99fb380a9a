import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import type { ServiceHandle } from '../../../db/service';
import { disputeId } from '../../../shared/dispute-id';
import type { DisputeKey } from '../../../shared/domain';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let workspace: GeneratedWorkspace;
let mia: ServiceHandle;
let noah: ServiceHandle;
let shared: DisputeRecord[];
const dir = tempDir();

function statuses(service: ServiceHandle): Record<string, string> {
  return Object.fromEntries([...service.disputeRecords({})].map((record) => [record.id, record.status]));
}

beforeAll(async () => {
  workspace = await smallWorkspace();
  mia = freshService('mia');
  noah = freshService('noah');
  await mia.importPaths(workspacePaths(workspace));
  await noah.importPaths(workspacePaths(workspace));
  shared = [...mia.disputeRecords({ kind: 'cell' })].filter((record) => record.gold.state === 'value').slice(0, 12);
  for (const service of [mia, noah]) await service.setPolicy({ required: 2, blind: true });
  // Both rule the same 12 disputes: agree on 8, disagree on 4.
  for (const [index, dispute] of shared.entries()) {
    const top = dispute.clusters.find((cluster) => !cluster.agrees_with_gold)!.value;
    await mia.rule({
      disputeId: dispute.id,
      decision: index % 2 === 0 ? 'keep_gold' : 'accept_system',
      value: index % 2 === 0 ? null : top,
    });
    const disagree = index % 3 === 0;
    await noah.rule({
      disputeId: dispute.id,
      decision: disagree ? 'mark_blank' : index % 2 === 0 ? 'keep_gold' : 'accept_system',
      value: disagree || index % 2 === 0 ? null : ` ${top.toUpperCase()} `,
    });
  }
});
afterAll(() => {
  mia.close();
  noah.close();
});

describe('ruling logs between two engineers', () => {
  it('exchanging logs gives both stores the same statuses and statistics', async () => {
    await mia.exportRulings({ out: join(dir, 'mia.rulings.jsonl') });
    await noah.exportRulings({ out: join(dir, 'noah.rulings.jsonl') });
    const intoMia = await mia.importRulings({ paths: [join(dir, 'noah.rulings.jsonl')] });
    const intoNoah = await noah.importRulings({ paths: [join(dir, 'mia.rulings.jsonl')] });
    expect(intoMia).toEqual({ added: 12, duplicates: 0, refused: [] });
    expect(intoNoah.added).toBe(12);
    expect(statuses(mia)).toEqual(statuses(noah));
    const counts = Object.values(statuses(mia)).reduce<Record<string, number>>(
      (acc, status) => ({ ...acc, [status]: (acc[status] ?? 0) + 1 }),
      {},
    );
    expect(counts.conflict).toBe(4);
    expect(await mia.getStats({})).toEqual(await noah.getStats({}));
    const stats = await mia.getStats({});
    expect(stats.overall.disputes).toBe(12);
    expect(stats.overall.percent_agreement).toBeCloseTo(8 / 12, 12);
    expect(stats.overall.pairs).toHaveLength(1);
    expect(stats.engineers).toEqual(['mia', 'noah']);
  });

  it('importing the same log twice changes nothing', async () => {
    const again = await mia.importRulings({ paths: [join(dir, 'noah.rulings.jsonl')] });
    expect(again).toEqual({ added: 0, duplicates: 12, refused: [] });
  });

  it('export → import into an empty store → export gives the same bytes', async () => {
    const first = join(dir, 'all-1.rulings.jsonl');
    await mia.exportRulings({ out: first });
    const empty = freshService('zoe');
    await empty.importPaths(workspacePaths(workspace));
    await empty.importRulings({ paths: [first] });
    const second = join(dir, 'all-2.rulings.jsonl');
    await empty.exportRulings({ out: second });
    expect(readFileSync(second)).toEqual(readFileSync(first));
    empty.close();
  });

  it('keeps values encrypted in the log unless plain text is asked for', async () => {
    const plain = join(dir, 'plain.rulings.jsonl');
    await mia.exportRulings({ out: plain, plaintext: true });
    const values = readFileSync(plain, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { value: string | null }).value)
      .filter((v): v is string => !!v && v.length >= 4);
    expect(values.length).toBeGreaterThan(0);
    const encrypted = readFileSync(join(dir, 'mia.rulings.jsonl'), 'utf8');
    for (const value of values) expect(encrypted).not.toContain(value);
  });

  it('refuses a line that reuses an id with different content, naming the line', async () => {
    const lines = readFileSync(join(dir, 'mia.rulings.jsonl'), 'utf8').split('\n').filter(Boolean);
    const tampered = JSON.parse(lines[1]!) as { engineer: string };
    tampered.engineer = 'mallory';
    const path = join(dir, 'tampered.rulings.jsonl');
    writeFileSync(path, `${lines[0]}\n${JSON.stringify(tampered)}\nnot json\n`);
    const report = await noah.importRulings({ paths: [path] });
    expect(report.added).toBe(0);
    expect(report.duplicates).toBe(1);
    expect(report.refused.map((item) => item.line)).toEqual([`${path}:2`, `${path}:3`]);
    expect(report.refused[0]!.reason).toMatch(/already in the store with different content/);
    expect(report.refused[1]!.reason).toMatch(/not JSON/);
  });

  it('refuses a whole log above the size limit by file, a line that is not UTF-8 by its line, and merges the rest', async () => {
    const lines = readFileSync(join(dir, 'mia.rulings.jsonl'), 'utf8').split('\n').filter(Boolean);
    const big = join(dir, 'big.rulings.jsonl');
    writeFileSync(big, `${lines.join('\n')}\n${' '.repeat(4096)}\n`);
    const latin1 = join(dir, 'latin1.rulings.jsonl');
    writeFileSync(
      latin1,
      Buffer.concat([Buffer.from(`${lines[0]}\n`), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d, 0x0a])]),
    );
    const previous = process.env.ATLAS_ADJUDICATOR_MAX_FILE_SIZE;
    process.env.ATLAS_ADJUDICATOR_MAX_FILE_SIZE = '4k';
    try {
      const report = await noah.importRulings({ paths: [big, latin1] });
      expect(report.added + report.duplicates).toBe(1);
      expect(report.refused).toEqual([
        { line: big, reason: expect.stringMatching(/above the size limit of 4\.0 KiB \(4096 bytes\)/) as unknown },
        { line: `${latin1}:2`, reason: 'not valid UTF-8' },
      ]);
    } finally {
      if (previous === undefined) delete process.env.ATLAS_ADJUDICATOR_MAX_FILE_SIZE;
      else process.env.ATLAS_ADJUDICATOR_MAX_FILE_SIZE = previous;
    }
  });

  it('keeps rulings on disputes this store lacks and attaches them when the runs arrive', async () => {
    const datasetOnly = freshService('zoe');
    await datasetOnly.importPaths([workspace.dataset]);
    const report = await datasetOnly.importRulings({ paths: [join(dir, 'mia.rulings.jsonl')] });
    expect(report.added).toBe(12);
    expect([...datasetOnly.disputeRecords({})]).toHaveLength(0);
    await datasetOnly.importPaths(workspacePaths(workspace));
    for (const dispute of shared) {
      const detail = await datasetOnly.getDispute({ id: dispute.id });
      expect(detail.dispute.status).toBe('resolved'); // this store's policy: one ruling settles
      expect(detail.rulings.filter((ruling) => ruling.counted).map((ruling) => ruling.engineer)).toEqual(['mia']);
    }
    datasetOnly.close();
  });
});

describe('lines held to what rule accepts', () => {
  it('refuses, by file:line and reason, lines of a log written before rulings were checked; keeps what only another store can judge', async () => {
    const store = freshService('zoe');
    try {
      await store.importPaths(workspacePaths(workspace));
      const records = [...store.disputeRecords({})];
      const cell = records.find(
        (record) => record.kind === 'cell' && record.clusters.every((c) => c.value !== '12345'),
      )!;
      const missing = records.find((record) => record.kind === 'missing_row')!;
      const { entity_key } = store.store.db.prepare('SELECT entity_key FROM disputes WHERE id = ?').get(missing.id) as {
        entity_key: string;
      };
      const cellKey = {
        kind: 'cell' as const,
        task_id: cell.task_id,
        gold_row: cell.gold_row,
        column: cell.column,
        entity_key: null,
      };
      const missingKey = {
        kind: 'missing_row' as const,
        task_id: missing.task_id,
        gold_row: null,
        column: null,
        entity_key,
      };
      const elsewhere = {
        kind: 'missing_row' as const,
        task_id: 'elsewhere/1',
        gold_row: null,
        column: null,
        entity_key: 'k-1',
      };
      let n = 0;
      // Ruling ids are uuids, as `rule` makes them.
      const oldId = (k: number): string => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
      const line = (key: DisputeKey, over: Record<string, unknown>): string =>
        JSON.stringify({
          format: 'atlas-rulings/1',
          id: oldId(++n),
          dispute: key,
          dispute_id: disputeId(key),
          engineer: 'ada',
          decision: 'keep_gold',
          value: null,
          values: null,
          row: null,
          rationale: null,
          evidence: [],
          revision: 'v1.0',
          created_at: `2026-03-01T00:00:0${n}.000Z`,
          retracts: null,
          encrypted: false,
          ...over,
        });
      const path = join(dir, 'old.rulings.jsonl');
      const lines = [
        line(cellKey, { value: 'stray' }),
        line(missingKey, { decision: 'add_row', values: { 'No such column': 'x' } }),
        line(missingKey, { decision: 'add_alias', row: 9999 }),
        line(cellKey, { decision: 'retract', value: 'x', retracts: oldId(1) }),
        line(cellKey, { evidence: ['javascript:alert(1)'] }),
        line(cellKey, { decision: 'add_row' }),
        // Clusters are what this store's runs give: a value the other engineer's systems gave still merges.
        line(cellKey, { decision: 'accept_system', value: '12345' }),
        // A task this store has no gold for yet: nobody here can tell, so it waits like any early ruling.
        line(elsewhere, { decision: 'add_row', values: { 'No such column': 'x' } }),
      ];
      writeFileSync(path, `${lines.join('\n')}\n`);
      const report = await store.importRulings({ paths: [path] });
      expect(report.added).toBe(2);
      expect(report.refused).toEqual([
        { line: `${path}:1`, reason: 'decision keep_gold takes no value (field "value")' },
        {
          line: `${path}:2`,
          reason: expect.stringMatching(
            /^field "values": 1 column is not an attribute column of task .+: "No such column"; its attribute columns are "/,
          ) as unknown,
        },
        {
          line: `${path}:3`,
          reason: expect.stringMatching(
            /has no gold row 10000 \(field "row" is 9999, counted from 0; the task has \d+ rows?\)$/,
          ) as unknown,
        },
        { line: `${path}:4`, reason: 'a retract takes no value (field "value")' },
        { line: `${path}:5`, reason: 'evidence must be an http(s) URL, got "javascript:alert(1)"' },
        {
          line: `${path}:6`,
          reason: expect.stringMatching(/^decision add_row does not apply to a cell dispute/) as unknown,
        },
      ]);
      // Refused lines stay out; importing the log again refuses them again and adds nothing.
      expect((await store.getDispute({ id: missing.id })).rulings).toEqual([]);
      const again = await store.importRulings({ paths: [path] });
      expect(again).toMatchObject({ added: 0, duplicates: 2 });
      expect(again.refused).toHaveLength(6);
    } finally {
      store.close();
    }
  });
});

describe('merge is a set union (property)', () => {
  it('is idempotent and order-independent for any split of a log into files', async () => {
    const lines = readFileSync(join(dir, 'all-1.rulings.jsonl'), 'utf8').split('\n').filter(Boolean);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: lines.length, maxLength: lines.length }),
        fc.boolean(),
        async (assignment, reverse) => {
          const files = [0, 1, 2].map((file) => {
            const path = join(tempDir(), `part-${file}.rulings.jsonl`);
            writeFileSync(
              path,
              lines
                .filter((_, index) => assignment[index] === file)
                .map((line) => `${line}\n`)
                .join(''),
            );
            return path;
          });
          const target = freshService('zoe');
          await target.importPaths(workspacePaths(workspace));
          await target.setPolicy({ required: 2, blind: true });
          const order = reverse ? [...files].reverse() : files;
          for (const file of order) await target.importRulings({ paths: [file] });
          const again = await target.importRulings({ paths: files });
          expect(again.added).toBe(0);
          const out = join(tempDir(), 'merged.rulings.jsonl');
          await target.exportRulings({ out });
          expect(readFileSync(out, 'utf8')).toBe(lines.map((line) => `${line}\n`).join(''));
          expect(statuses(target)).toEqual(statuses(mia));
          target.close();
        },
      ),
      { numRuns: 6 },
    );
  });
});
