import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCellsFile } from '../../../db/readers/cells-jsonl';
import { cleanTempDirs, collect, matching, tempDir, write } from './helpers';

afterEach(cleanTempDirs);

const line = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    gold: '',
    response: '',
    verdict: 'correct',
    method: 'deterministic',
    gold_row: 0,
    column: 'Critic Metascore',
    ...fields,
  });

describe('readCellsFile', () => {
  it('groups lines by (system, task) into records with one run per system', async () => {
    const path = write(
      join(tempDir(), 'pipeline.cells.jsonl'),
      [
        line({
          task_id: 't1',
          system: 'exa',
          gold_row: 0,
          entity: 'Ocarina of Time 3D',
          response_entity: 'OoT 3D',
          gold: '94',
          response: '93',
          verdict: 'incorrect',
          sources: ['https://a'],
        }),
        line({ task_id: 't1', system: 'exa', gold_row: 0, column: 'City', gold: 'Tokyo', response: 'Tokyo' }),
        line({ task_id: 't1', system: 'other', gold_row: 1, entity: 'Wind Waker HD', verdict: 'missing' }),
        line({
          task_id: 't1',
          system: 'exa',
          gold_row: null,
          response_entity: 'Link’s  Awakening',
          response: '87',
          verdict: 'incorrect',
        }),
        line({
          task_id: 't1',
          system: 'exa',
          gold_row: null,
          response_entity: 'link’s awakening',
          column: 'City',
          response: 'Kyoto',
          verdict: 'incorrect',
        }),
        line({ task_id: 't1', system: 'exa', gold_row: 1, entity: 'Wind Waker HD', verdict: 'missing', gold: '90' }),
        '',
        line({ task_id: 't2', system: 'exa', response: '1', response_entity: 'X' }),
      ].join('\n'),
    );
    const source = await readCellsFile(path);
    const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
    expect(source.sha256).toBe(sha);
    expect(source.runs.map((run) => [run.run_key, run.system, run.format])).toEqual([
      ['exa@pipeline.cells.jsonl', 'exa', 'cells'],
      ['other@pipeline.cells.jsonl', 'other', 'cells'],
    ]);
    const { ok, skipped } = await collect(source.tasks);
    expect(skipped).toEqual([]);
    expect(ok.map((task) => [task.run.system, task.task_id, task.path])).toEqual([
      ['exa', 't1', `${path}:1`],
      ['other', 't1', `${path}:3`],
      ['exa', 't2', `${path}:8`],
    ]);
    const exa = ok[0]!;
    expect(exa.state).toBe('graded');
    expect(exa.scores).toBeNull();
    // Gold row 0 and the extra were returned (synthetic response rows); gold row 1 was missed.
    expect(
      exa.rows.map((row) => [row.gold_row, row.gold_entity, row.response_row, row.response_entity, row.cells.length]),
    ).toEqual([
      [0, 'Ocarina of Time 3D', 0, 'OoT 3D', 2],
      [1, 'Wind Waker HD', null, null, 1],
      [null, null, 1, 'Link’s  Awakening', 2],
    ]);
    expect(exa.returned_rows).toBe(2);
    expect(exa.rows[0]!.cells[0]).toEqual({
      column: 'Critic Metascore',
      gold: '94',
      response: '93',
      verdict: 'incorrect',
      method: 'deterministic',
      sources: ['https://a'],
      reasoning: null,
    });
  });

  it('skips a (system, task) whole on a bad line, naming file:line and field; others import', async () => {
    const path = write(
      join(tempDir(), 'x.cells.jsonl'),
      [
        line({ task_id: 't1', system: 'exa' }),
        line({ task_id: 't1', system: 'exa', column: 'City', verdict: 'maybe' }),
        line({ task_id: 't1', system: 'exa', column: 'Year', method: 'guess' }),
        line({ task_id: 't1', system: 'other' }),
        '{"task_id": "t9", "system": ',
        line({ task_id: 't2', system: 'exa' }),
        line({ task_id: 't2', system: 'exa' }),
      ].join('\n'),
    );
    const { ok, skipped } = await collect((await readCellsFile(path)).tasks);
    expect(ok.map((task) => [task.run.system, task.task_id])).toEqual([['other', 't1']]);
    expect(skipped).toEqual([
      { path: `${path}:5`, field: '', reason: matching(/JSON.*; the line names no task, so it alone is skipped$/u) },
      {
        path: `${path}:2`,
        field: 'verdict',
        reason:
          'expected one of correct, incorrect, missing, blank_ok, ungraded, got "maybe" (system "exa", task "t1" skipped whole, with 1 more invalid line)',
      },
      {
        path: `${path}:7`,
        field: 'column',
        reason: matching(/^a second cell for column "Critic Metascore" of this row \(first at line 6\)/u),
      },
    ]);
  });

  it('skips the whole (system, task) a truncated line still names, and counts only invalid lines as such', async () => {
    const whole = line({
      task_id: 't1',
      system: 'exa',
      column: 'Year',
      reasoning: 'quoted {"task_id": "t7", "system": "x"}',
    });
    const path = write(
      join(tempDir(), 'cut.cells.jsonl'),
      [
        line({ task_id: 't1', system: 'exa' }),
        whole.slice(0, whole.length - 12),
        line({ task_id: 't1', system: 'exa', column: 'City' }),
        line({ task_id: 't1', system: 'exa', column: 'Year', verdict: 'maybe' }),
        line({ task_id: 't2', system: 'exa' }),
      ].join('\n'),
    );
    const { ok, skipped } = await collect((await readCellsFile(path)).tasks);
    expect(ok.map((task) => [task.run.system, task.task_id])).toEqual([['exa', 't2']]);
    expect(skipped).toEqual([
      {
        path: `${path}:2`,
        field: '',
        reason: matching(/\(system "exa", task "t1" skipped whole, with 1 more invalid line\)$/u),
      },
    ]);
  });

  it('reads lines longer than the read chunk, with multi-byte characters across chunk boundaries', async () => {
    const huge = 'ß€𝄞'.repeat(1_000_000); // ~9 MB of UTF-8
    const path = write(
      join(tempDir(), 'big.cells.jsonl'),
      [
        line({ task_id: 't1', system: 'exa', response: huge, verdict: 'incorrect' }),
        line({ task_id: 't2', system: 'exa' }),
      ].join('\r\n'),
    );
    const { ok, skipped } = await collect((await readCellsFile(path)).tasks);
    expect(skipped).toEqual([]);
    expect(ok[0]!.rows[0]!.cells[0]!.response).toBe(huge);
    expect(ok[1]!.task_id).toBe('t2');
  });

  it('reads a numeric task id as its text and refuses an empty or missing one, naming task_id', async () => {
    const path = write(
      join(tempDir(), 'ids.cells.jsonl'),
      [
        line({ task_id: 17, system: 'exa' }),
        line({ task_id: '', system: 'exa' }),
        line({ system: 'exa' }),
        line({ task_id: true, system: 'exa' }),
      ].join('\n'),
    );
    const { ok, skipped } = await collect((await readCellsFile(path)).tasks);
    expect(ok.map((task) => task.task_id)).toEqual(['17']);
    expect(skipped.map((item) => [item.path, item.field])).toEqual([
      [`${path}:2`, 'task_id'],
      [`${path}:3`, 'task_id'],
      [`${path}:4`, 'task_id'],
    ]);
    expect(skipped[0]!.reason).toMatch(/^expected a non-empty task id; the line cannot be attributed to a task/u);
  });

  it('refuses lines that name no system', async () => {
    const path = write(join(tempDir(), 'y.cells.jsonl'), line({ task_id: 't1' }));
    const { skipped } = await collect((await readCellsFile(path)).tasks);
    expect(skipped).toEqual([
      { path: `${path}:1`, field: 'system', reason: matching(/^expected a non-empty system name/u) },
    ]);
  });
});
