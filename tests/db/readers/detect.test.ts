import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterEach, describe, expect, it } from 'vitest';
import { detectSource, expandPaths } from '../../../db/readers/detect';
import {
  cleanTempDirs,
  containing,
  datasetRecord,
  matching,
  tempDir,
  write,
  writeRun,
  zeldaGold,
  zeldaGrade,
} from './helpers';

afterEach(cleanTempDirs);

function fixtures(root: string) {
  const paths = {
    dataset: write(join(root, 'atlas.jsonl'), JSON.stringify(datasetRecord('atlas/1', zeldaGold())) + '\n'),
    cells: write(join(root, 'a.cells.jsonl'), '{}\n'),
    judges: write(join(root, 'a.judges.jsonl'), '{}\n'),
    rulings: write(join(root, 'mia.rulings.jsonl'), '{}\n'),
    reports: write(
      join(root, 'issues.json'),
      JSON.stringify([{ number: 12, title: 'Wrong metascore', body: 'atlas/1 row 0' }]),
    ),
    pages: write(join(root, 'pages.json'), JSON.stringify([[{ number: 1, title: 'a' }], [{ number: 2, title: 'b' }]])),
    run: writeRun(root, 'exa-atlas-1', [{ folder: 't', grade: zeldaGrade() }]),
    parquet: join(root, 'atlas.parquet'),
  };
  parquetWriteFile({ filename: paths.parquet, columnData: [{ name: 'id', data: ['a'], type: 'STRING' }] });
  return paths;
}

describe('detectSource', () => {
  it('recognises each kind', async () => {
    const paths = fixtures(tempDir());
    expect(await detectSource(paths.dataset)).toEqual({ kind: 'dataset', path: paths.dataset });
    expect(await detectSource(paths.parquet)).toEqual({ kind: 'dataset', path: paths.parquet });
    expect(await detectSource(paths.cells)).toEqual({ kind: 'cells', path: paths.cells });
    expect(await detectSource(paths.judges)).toEqual({ kind: 'judges', path: paths.judges });
    expect(await detectSource(paths.rulings)).toEqual({ kind: 'rulings', path: paths.rulings });
    expect(await detectSource(paths.reports)).toEqual({ kind: 'reports', path: paths.reports });
    expect(await detectSource(paths.pages)).toEqual({ kind: 'reports', path: paths.pages });
    expect(await detectSource(paths.run)).toEqual({ kind: 'run', path: paths.run });
  });

  it('recognises JSONL by its first record when the name does not tell', async () => {
    const root = tempDir();
    const judges = write(
      join(root, 'opinions.jsonl'),
      '\n' + JSON.stringify({ task_id: 'a', judge: 'j', verdict: 'gold' }) + '\n',
    );
    const cells = write(
      join(root, 'flat.jsonl'),
      JSON.stringify({ task_id: 'a', system: 's', column: 'c', verdict: 'correct' }),
    );
    expect(await detectSource(judges)).toMatchObject({ kind: 'judges' });
    expect(await detectSource(cells)).toMatchObject({ kind: 'cells' });
  });

  it('names the path and what was expected for anything unrecognised', async () => {
    const root = tempDir();
    const notes = write(join(root, 'notes.txt'), 'hello');
    const other = write(join(root, 'other.jsonl'), '{"a": 1}\n');
    const object = write(join(root, 'object.json'), '{"a": 1}');
    const fake = write(join(root, 'fake.parquet'), 'nope');
    const grade = write(join(root, 'grade.json'), '{}');
    mkdirSync(join(root, 'half', 'tasks'), { recursive: true });
    for (const path of [notes, other, object, fake]) {
      const result = await detectSource(path);
      expect(result).toEqual({ error: containing(`${path}: `) });
    }
    expect(await detectSource(notes)).toEqual({
      error: matching(/unrecognised file type; expected a dataset .*GitHub issues JSON$/u),
    });
    expect(await detectSource(grade)).toEqual({ error: matching(/import the run directory itself/u) });
    expect(await detectSource(join(root, 'half'))).toEqual({ error: matching(/it has tasks\/ but no config.json/u) });
    expect(await detectSource(join(root, 'missing.jsonl'))).toEqual({ error: matching(/no such file or directory$/u) });
  });
});

describe('expandPaths', () => {
  it('expands a folder of run directories, never looking inside a run', async () => {
    const root = tempDir();
    const runs = join(root, 'results', 'runs');
    const a = writeRun(runs, 'exa-atlas-1', [{ folder: 't', grade: zeldaGrade() }]);
    const b = writeRun(runs, 'other-atlas-2', [{ folder: 't', grade: zeldaGrade() }]);
    // A run nested inside a run is not a separate source.
    writeRun(join(a, 'tasks', 't'), 'nested', []);
    const { sources, errors } = await expandPaths([runs]);
    expect(errors).toEqual([]);
    expect(sources).toEqual([
      { kind: 'run', path: a },
      { kind: 'run', path: b },
    ]);
  });

  it('expands a mixed folder recursively, orders by kind, de-duplicates and ignores foreign files', async () => {
    const root = tempDir();
    const paths = fixtures(join(root, 'mix'));
    write(join(root, 'mix', 'package.json'), '{"name": "x"}');
    write(join(root, 'mix', 'README.md'), '# hi');
    const deeper = writeRun(join(root, 'mix', 'more', 'runs'), 'z-run', []);
    mkdirSync(join(root, 'mix', '.git', 'x'), { recursive: true });
    symlinkSync(join(root, 'mix'), join(root, 'mix', 'more', 'loop'));
    const { sources, errors } = await expandPaths([join(root, 'mix'), paths.dataset]);
    expect(errors).toEqual([]);
    expect(sources.map((source) => [source.kind, source.path])).toEqual([
      ['dataset', paths.dataset],
      ['dataset', paths.parquet],
      ['run', paths.run],
      ['run', deeper],
      ['cells', paths.cells],
      ['judges', paths.judges],
      ['reports', paths.reports],
      ['reports', paths.pages],
      ['rulings', paths.rulings],
    ]);
  });

  it('names the data files in a folder it cannot take (too large, unreadable, foreign JSONL) but not foreign JSON', async () => {
    const root = tempDir();
    const record = JSON.stringify(datasetRecord('atlas/1', zeldaGold()));
    const big = write(join(root, 'big.jsonl'), `${record}\n`.repeat(40));
    const foreign = write(join(root, 'notes.jsonl'), '{"note": "hi"}\n');
    write(join(root, 'package.json'), '{"name": "x"}');
    const hugeJson = write(join(root, 'huge.json'), JSON.stringify([{ number: 1, title: 'x'.repeat(9000) }]));
    const { sources, errors } = await expandPaths([root], { maxFileBytes: 8192 });
    expect(sources).toEqual([]);
    expect(errors).toEqual([
      { path: big, field: '', reason: matching(/above the size limit of 8.0 KiB/u) },
      { path: hugeJson, field: '', reason: matching(/above the size limit of 8.0 KiB/u) },
      { path: foreign, field: '', reason: matching(/^JSONL whose first record \(line 1\) has neither/u) },
    ]);
  });

  it('recognises a dataset whose first line is broken by its next record, in a folder and given directly', async () => {
    const root = tempDir();
    const dataset = write(
      join(root, 'data', 'atlas.jsonl'),
      `{"id": "atlas/0", "canary": \n${JSON.stringify(datasetRecord('atlas/1', zeldaGold()))}\n`,
    );
    expect(await detectSource(dataset)).toEqual({ kind: 'dataset', path: dataset });
    expect(await expandPaths([join(root, 'data')])).toEqual({
      sources: [{ kind: 'dataset', path: dataset }],
      errors: [],
      unreadable: [],
    });
    expect(await expandPaths([dataset])).toEqual({
      sources: [{ kind: 'dataset', path: dataset, named: true }],
      errors: [],
      unreadable: [],
    });
    const broken = write(join(root, 'broken.jsonl'), '{"id": \n[1]\n');
    expect(await detectSource(broken)).toEqual({ error: matching(/: line 1 is not a JSON record: .*$/u) });
  });

  it('reports paths that yield nothing, and files given that cannot be read apart', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'empty'));
    const notes = write(join(root, 'notes.txt'), 'x');
    const { sources, errors, unreadable } = await expandPaths([join(root, 'empty'), notes, join(root, 'gone')]);
    expect(sources).toEqual([]);
    expect(errors).toEqual([
      { path: join(root, 'empty'), field: '', reason: matching(/^no input found in this directory/u) },
    ]);
    expect(unreadable).toEqual([
      { path: notes, field: '', reason: matching(/^unrecognised file type/u) },
      { path: join(root, 'gone'), field: '', reason: 'no such file or directory' },
    ]);
  });
});
