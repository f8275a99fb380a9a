import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterEach, describe, expect, it } from 'vitest';
import { readDataset } from '../../../db/readers/dataset';
import { encryptText } from '../../../shared/crypto';
import {
  cleanTempDirs,
  collect,
  datasetRecord,
  matching,
  prototypeIsClean,
  tempDir,
  write,
  ZELDA_CANARY,
  ZELDA_ID,
  zeldaGold,
} from './helpers';

afterEach(cleanTempDirs);

const jsonl = (records: unknown[]): string => records.map((record) => JSON.stringify(record)).join('\n') + '\n';
const fileSha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('readDataset (JSONL)', () => {
  it('decrypts and validates every task, and hashes the whole file', async () => {
    const path = write(
      join(tempDir(), 'atlas.jsonl'),
      jsonl([
        datasetRecord(ZELDA_ID, zeldaGold(), ZELDA_CANARY, 'Which Zelda remakes…?'),
        datasetRecord('atlas/0008', zeldaGold()),
      ]),
    );
    const source = await readDataset(path);
    expect(source.format).toBe('jsonl');
    expect(source.sha256).toBe(fileSha(path));
    const { ok, skipped } = await collect(source.tasks);
    expect(skipped).toEqual([]);
    expect(ok.map((task) => task.task_id)).toEqual([ZELDA_ID, 'atlas/0008']);
    const task = ok[0]!;
    expect(task.canary).toBe(ZELDA_CANARY);
    expect(task.question).toBe('Which Zelda remakes…?');
    expect(task.question_enc).toBe(encryptText('Which Zelda remakes…?', ZELDA_CANARY));
    expect(task.gold.entity_column).toBe('Zelda remake/remaster product title');
    expect(task.gold.columns[1]).toEqual({ name: 'Critic Metascore', rule: { type: 'number', tolerance: 0 } });
    const [oot, ww] = task.gold.rows;
    expect(oot!.aliases).toEqual(['Ocarina of Time 3D']);
    expect(oot!.cells['Critic Metascore']).toEqual({
      state: 'value',
      value: '94',
      alternatives: [],
      sources: ['https://www.metacritic.com/game/oot3d/'],
    });
    expect(ww!.cells['Critic Metascore']!.value).toBe('90');
    expect(ww!.cells['Lead developer headquarters city']!.state).toBe('blank');
    expect(ww!.cells['Hero voice actor home prefecture']!.state).toBe('ungraded');
    expect(ww!.cells["Original game's U.S. age rating"]!.alternatives).toEqual(['Everyone']);
  });

  it('skips an invalid line with file:line and the gold field; the rest imports', async () => {
    const gold = zeldaGold();
    (gold.rows as { cells: Record<string, unknown> }[])[3]!.cells['Critic Metascore'] = { value: ['81'] };
    const path = write(
      join(tempDir(), 'atlas.jsonl'),
      jsonl([
        datasetRecord('atlas/1', zeldaGold()),
        datasetRecord('atlas/2', gold),
        datasetRecord('atlas/3', zeldaGold()),
      ]),
    );
    const { ok, skipped } = await collect((await readDataset(path)).tasks);
    expect(ok.map((task) => task.task_id)).toEqual(['atlas/1', 'atlas/3']);
    expect(skipped).toEqual([
      {
        path: `${path}:2`,
        field: 'gold.rows[3].cells.Critic Metascore.value',
        reason: 'expected string, number, boolean or null, got an array of 1 (task "atlas/2")',
      },
    ]);
  });

  it('names unknown rule types, cells without a state, bad ciphertext, bad JSON and duplicates', async () => {
    const badRule = zeldaGold();
    (badRule.columns as { rule: { type: string } }[])[2]!.rule.type = 'fuzzy';
    const noState = zeldaGold();
    (noState.rows as { cells: Record<string, unknown> }[])[0]!.cells['Critic Metascore'] = { sources: [] };
    const path = write(
      join(tempDir(), 'atlas.jsonl'),
      jsonl([
        datasetRecord('atlas/1', badRule),
        datasetRecord('atlas/2', noState),
        { ...datasetRecord('atlas/3', zeldaGold()), gold: 'not base64!' },
        datasetRecord('atlas/4', zeldaGold()),
        datasetRecord('atlas/4', zeldaGold()),
      ]) + '{"id": "atlas/5", \n',
    );
    const { ok, skipped } = await collect((await readDataset(path)).tasks);
    expect(ok.map((task) => task.task_id)).toEqual(['atlas/4']);
    expect(skipped.map(({ path: where, field, reason }) => [where.slice(path.length), field, reason])).toEqual([
      [
        ':1',
        'gold.columns[2].rule.type',
        matching(/^expected one of entity, text, number, date, choice, list, url, llm_judge, got "fuzzy"/u),
      ],
      [
        ':2',
        'gold.rows[0].cells.Critic Metascore',
        'expected {"value": …}, {"blank": true} or {"ungraded": true} (task "atlas/2")',
      ],
      [':3', 'gold', matching(/^cannot decrypt/u)],
      [':5', 'id', 'duplicate task id "atlas/4" (first at ' + path + ':4)'],
      [':6', '', matching(/^(truncated|invalid) JSON/u)],
    ]);
  });

  it('tolerates a BOM and CRLF, refuses an invalid UTF-8 line by name, and ignores unknown fields', async () => {
    const record = { ...datasetRecord('atlas/1', { ...zeldaGold(), extra: { nested: true } }), split: 'test' };
    const bad = Buffer.concat([Buffer.from('{"id": "atlas/2", "x": "'), Buffer.from([0xff]), Buffer.from('"}\r\n')]);
    const path = write(
      join(tempDir(), 'atlas.jsonl'),
      Buffer.concat([Buffer.from('\uFEFF' + JSON.stringify(record) + '\r\n\r\n'), bad]),
    );
    const { ok, skipped } = await collect((await readDataset(path)).tasks);
    expect(ok.map((task) => task.task_id)).toEqual(['atlas/1']);
    expect(skipped).toEqual([{ path: `${path}:3`, field: '', reason: matching(/^not valid UTF-8/u) }]);
  });

  it('keeps __proto__ and constructor column names as data without polluting prototypes', async () => {
    const gold = {
      entity_column: 'name',
      columns: [
        { name: 'name', rule: { type: 'entity' } },
        { name: '__proto__', rule: { type: 'text' } },
        { name: 'constructor', rule: { type: 'text' } },
      ],
      rows: [
        {
          entity: 'A',
          aliases: [],
          cells: JSON.parse(
            '{"__proto__": {"value": "p"}, "constructor": {"value": "c"}, "unlisted": {"value": "x"}}',
          ) as unknown,
        },
      ],
    };
    const path = write(join(tempDir(), 'atlas.jsonl'), jsonl([datasetRecord('atlas/1', gold)]));
    const { ok } = await collect((await readDataset(path)).tasks);
    const cells = ok[0]!.gold.rows[0]!.cells;
    expect(Object.keys(cells)).toEqual(['__proto__', 'constructor']);
    const [proto, ctor] = ['__proto__', 'constructor'].map((key) => cells[key]);
    expect(proto?.value).toBe('p');
    expect(ctor?.value).toBe('c');
    expect(prototypeIsClean()).toBe(true);
  });

  it('refuses a file above the size limit', async () => {
    const path = write(join(tempDir(), 'atlas.jsonl'), jsonl([datasetRecord('atlas/1', zeldaGold())]));
    await expect(readDataset(path, { maxFileBytes: 100 })).rejects.toMatchObject({
      name: 'ReaderError',
      reason: matching(/above the size limit/u),
    });
  });
});

describe('readDataset (Parquet)', () => {
  it('reads tasks row group by row group', async () => {
    const records = Array.from({ length: 5 }, (_, i) => datasetRecord(`atlas/${i}`, zeldaGold()));
    records[3]!.gold = 'garbage';
    const path = join(tempDir(), 'test-00000-of-00001.parquet');
    parquetWriteFile({
      filename: path,
      columnData: (['id', 'question', 'gold', 'canary'] as const).map((name) => ({
        name,
        data: records.map((record) => record[name] as string),
        type: 'STRING' as const,
      })),
      rowGroupSize: 2,
    });
    const source = await readDataset(path);
    expect(source.format).toBe('parquet');
    expect(source.rowCount).toBe(5);
    expect(source.sha256).toBe(fileSha(path));
    const { ok, skipped } = await collect(source.tasks);
    expect(ok.map((task) => task.task_id)).toEqual(['atlas/0', 'atlas/1', 'atlas/2', 'atlas/4']);
    expect(ok[0]!.gold.rows).toHaveLength(4);
    expect(skipped).toEqual([{ path: `${path}:row 3`, field: 'gold', reason: matching(/^cannot decrypt/u) }]);
  });

  it('refuses a Parquet file without the dataset columns', async () => {
    const path = join(tempDir(), 'other.parquet');
    parquetWriteFile({ filename: path, columnData: [{ name: 'id', data: ['a'], type: 'STRING' }] });
    await expect(readDataset(path)).rejects.toMatchObject({
      field: 'question',
      reason: matching(/no "question" column/u),
    });
  });
});
