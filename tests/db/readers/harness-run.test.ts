import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReaderError } from '../../../db/readers/errors';
import { readHarnessRun } from '../../../db/readers/harness-run';
import {
  cleanTempDirs,
  collect,
  json,
  matching,
  prototypeIsClean,
  tempDir,
  write,
  writeRun,
  ZELDA_ID,
  zeldaGrade,
  zeldaResult,
} from './helpers';

afterEach(cleanTempDirs);

describe('readHarnessRun', () => {
  it('reads config and tasks, taking the task id from the JSON, not the folder', async () => {
    const runDir = writeRun(tempDir(), 'exa-atlas-3f2a', [
      { folder: 'atlas_0007_zelda_remakes', result: zeldaResult(), grade: zeldaGrade() },
    ]);
    const source = await readHarnessRun(runDir);
    expect(source.runs).toEqual([
      {
        run_key: 'exa-atlas-3f2a',
        system: 'exa',
        suite_revision: 'v1.0',
        judge_model: 'judge-1',
        created_at: '2025-06-01T00:00:00Z',
        source_path: runDir,
        format: 'harness',
      },
    ]);
    expect(source.taskCount).toBe(1);
    const { ok, skipped } = await collect(source.tasks);
    expect(skipped).toEqual([]);
    expect(ok).toHaveLength(1);
    const task = ok[0]!;
    expect(task.task_id).toBe(ZELDA_ID);
    expect(task.state).toBe('graded');
    expect(task.path).toBe(join(runDir, 'tasks', 'atlas_0007_zelda_remakes'));
    expect(task.scores).toEqual({ discovery_f1: 0.8, item_f1: 0.7, row_f1: 0.5 });
    expect(task.returned_rows).toBe(2);
    expect(task.content_sha).toMatch(/^[0-9a-f]{64}$/u);
    expect(task.rows.map((row) => [row.gold_row, row.response_row, row.aligned_by])).toEqual([
      [0, 2, 'alias'],
      [1, null, null],
      [null, 0, null],
    ]);
    // Numbers stand in for text; a missing reasoning is null.
    expect(task.rows[2]!.cells[0]).toMatchObject({ response: '87', reasoning: null });
  });

  it('takes cell sources from the cell, else citations for row and column, else the row', async () => {
    const runDir = writeRun(tempDir(), 'run', [{ folder: 't', result: zeldaResult(), grade: zeldaGrade() }]);
    const { ok } = await collect((await readHarnessRun(runDir)).tasks);
    const [matched, , extra] = ok[0]!.rows;
    expect(matched!.cells.map((cell) => cell.sources)).toEqual([
      ['https://cell.example/94'],
      ['https://row2.example/city'],
      ['https://row2.example/city', 'https://row2.example/general'],
    ]);
    expect(extra!.cells[0]!.sources).toEqual(['https://row0.example/awakening']);
  });

  it('reports a failed task (error.json) with its id from the JSON', async () => {
    const runDir = writeRun(tempDir(), 'run', [
      { folder: 'weird_folder', error: { task_id: 'atlas/0100', message: 'timeout' } },
    ]);
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(skipped).toEqual([]);
    expect(ok).toMatchObject([{ task_id: 'atlas/0100', state: 'failed', scores: null, returned_rows: null, rows: [] }]);
  });

  it('skips a task whose grade.json is truncated, naming the file; the rest imports', async () => {
    const full = json(zeldaGrade('atlas/0002'));
    const runDir = writeRun(tempDir(), 'run', [
      { folder: 'a', result: zeldaResult('atlas/0001'), grade: zeldaGrade('atlas/0001') },
      { folder: 'b', result: zeldaResult('atlas/0002'), raw: { 'grade.json': full.slice(0, full.length / 2) } },
    ]);
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(ok.map((task) => task.task_id)).toEqual(['atlas/0001']);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.path).toBe(join(runDir, 'tasks', 'b', 'grade.json'));
    expect(skipped[0]!.reason).toMatch(/truncated JSON|invalid JSON/u);
  });

  it('names the invalid field of grade.json', async () => {
    const grade = zeldaGrade();
    (grade.details as { rows: { cells: { verdict: string }[] }[] }).rows[0]!.cells[0]!.verdict = 'wrong';
    const runDir = writeRun(tempDir(), 'run', [{ folder: 't', grade }]);
    const { skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(skipped).toEqual([
      {
        path: join(runDir, 'tasks', 't', 'grade.json'),
        field: 'details.rows[0].cells[0].verdict',
        reason: 'expected one of correct, incorrect, missing, blank_ok, ungraded, got "wrong"',
      },
    ]);
  });

  it('skips a task whose result.json and grade.json disagree on the task id', async () => {
    const runDir = writeRun(tempDir(), 'run', [
      { folder: 't', result: zeldaResult('atlas/0001'), grade: zeldaGrade('atlas/0002') },
    ]);
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(ok).toEqual([]);
    expect(skipped[0]).toMatchObject({ field: 'task_id', path: join(runDir, 'tasks', 't', 'grade.json') });
  });

  it('skips a second folder claiming the same task id, and a task with neither grade nor error', async () => {
    const runDir = writeRun(tempDir(), 'run', [
      { folder: 'a', grade: zeldaGrade() },
      { folder: 'b', grade: zeldaGrade() },
      { folder: 'c', result: zeldaResult('atlas/0003') },
    ]);
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(ok).toHaveLength(1);
    expect(skipped.map((item) => item.reason)).toEqual([
      matching(/already read from/u),
      matching(/neither grade.json nor error.json/u),
    ]);
  });

  it('refuses a run without a valid config.json', async () => {
    const parent = tempDir();
    const runDir = writeRun(parent, 'run', [], { suite: 'atlas' });
    await expect(readHarnessRun(runDir)).rejects.toMatchObject({ name: 'ReaderError', field: 'system' });
    mkdirSync(join(parent, 'bare', 'tasks'), { recursive: true });
    await expect(readHarnessRun(join(parent, 'bare'))).rejects.toBeInstanceOf(ReaderError);
  });

  it('gives the same content_sha for the same files, another for changed ones', async () => {
    const parent = tempDir();
    const a = writeRun(parent, 'a', [{ folder: 't', result: zeldaResult(), grade: zeldaGrade() }]);
    const b = writeRun(parent, 'b', [{ folder: 't', result: zeldaResult(), grade: zeldaGrade() }]);
    const changed = zeldaGrade();
    (changed.scores as { row_f1: number }).row_f1 = 0.25;
    const c = writeRun(parent, 'c', [{ folder: 't', result: zeldaResult(), grade: changed }]);
    const sha = async (dir: string) => (await collect((await readHarnessRun(dir)).tasks)).ok[0]!.content_sha;
    expect(await sha(a)).toBe(await sha(b));
    expect(await sha(c)).not.toBe(await sha(a));
  });

  it('does not parse a task the store holds with the same hash, and parses one whose hash differs', async () => {
    const runDir = writeRun(tempDir(), 'r', [{ folder: 't', result: zeldaResult(), grade: zeldaGrade() }]);
    const parsed = (await collect((await readHarnessRun(runDir)).tasks)).ok[0]!;
    const shown = join(runDir, 'tasks', 't');
    expect(parsed.path).toBe(shown);
    const lookups: string[] = [];
    const knownWith = (sha: string) => (run: { run_key: string }) => {
      lookups.push(run.run_key);
      return new Map([[shown, { task_id: 'stored-id', state: 'graded' as const, content_sha: sha }]]);
    };
    const skipped = (await collect((await readHarnessRun(runDir, { knownTasks: knownWith(parsed.content_sha) })).tasks))
      .ok[0]!;
    expect(skipped).toMatchObject({
      unchanged: true,
      task_id: 'stored-id',
      state: 'graded',
      content_sha: parsed.content_sha,
      rows: [],
    });
    const reread = (await collect((await readHarnessRun(runDir, { knownTasks: knownWith('0'.repeat(64)) })).tasks))
      .ok[0]!;
    expect(reread.unchanged).toBeUndefined();
    expect(reread).toEqual(parsed);
    expect(lookups).toEqual(['r', 'r']);
  });

  it('honours the abort signal between tasks', async () => {
    const runDir = writeRun(tempDir(), 'run', [
      { folder: 'a', grade: zeldaGrade('atlas/1') },
      { folder: 'b', grade: zeldaGrade('atlas/2') },
    ]);
    const controller = new AbortController();
    const source = await readHarnessRun(runDir, { signal: controller.signal });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const item of source.tasks) {
          if ('ok' in item) seen.push(item.ok.task_id);
          controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['atlas/1']);
  });
});

describe('readHarnessRun hardening', () => {
  it('refuses a task directory that is a symlink to / or outside the run, but follows one inside', async () => {
    const parent = tempDir();
    const runDir = writeRun(parent, 'run', [{ folder: 'real', grade: zeldaGrade('atlas/1') }]);
    const outside = writeRun(parent, 'other', [{ folder: 'x', grade: zeldaGrade('atlas/2') }]);
    symlinkSync('/', join(runDir, 'tasks', 'root'));
    symlinkSync(join(outside, 'tasks', 'x'), join(runDir, 'tasks', 'escape'));
    mkdirSync(join(runDir, 'store', 'inner'), { recursive: true });
    write(join(runDir, 'store', 'inner', 'grade.json'), json(zeldaGrade('atlas/3')));
    symlinkSync(join(runDir, 'store', 'inner'), join(runDir, 'tasks', 'linked'));
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(ok.map((task) => task.task_id).sort()).toEqual(['atlas/1', 'atlas/3']);
    expect(skipped.map((item) => [item.path, item.reason])).toEqual([
      [join(runDir, 'tasks', 'escape'), matching(/outside the run directory; not followed/u)],
      [join(runDir, 'tasks', 'root'), matching(/symbolic link to \/, outside the run directory/u)],
    ]);
  });

  it('refuses a grade.json symlinked outside the run', async () => {
    const parent = tempDir();
    const secret = write(join(parent, 'secret.json'), json(zeldaGrade('atlas/9')));
    const runDir = writeRun(parent, 'run', [{ folder: 't', result: zeldaResult('atlas/9') }]);
    symlinkSync(secret, join(runDir, 'tasks', 't', 'grade.json'));
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(ok).toEqual([]);
    expect(skipped[0]).toMatchObject({
      path: join(runDir, 'tasks', 't', 'grade.json'),
      reason: matching(/outside the run directory/u),
    });
  });

  it('refuses a tasks/ folder symlinked outside the run', async () => {
    const parent = tempDir();
    const other = writeRun(parent, 'other', [{ folder: 't', grade: zeldaGrade() }]);
    const runDir = join(parent, 'run');
    write(join(runDir, 'config.json'), json({ system: { name: 'x' } }));
    symlinkSync(join(other, 'tasks'), join(runDir, 'tasks'));
    await expect(readHarnessRun(runDir)).rejects.toMatchObject({
      path: join(runDir, 'tasks'),
      reason: matching(/outside the run directory/u),
    });
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO in place of grade.json without blocking', async () => {
    const runDir = writeRun(tempDir(), 'run', [{ folder: 't', result: zeldaResult() }]);
    execFileSync('mkfifo', [join(runDir, 'tasks', 't', 'grade.json')]);
    const { skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(skipped).toEqual([
      { path: join(runDir, 'tasks', 't', 'grade.json'), field: '', reason: 'not a regular file' },
    ]);
  });

  it('refuses files above the size limit with a message', async () => {
    const runDir = writeRun(tempDir(), 'run', [{ folder: 't', result: zeldaResult(), grade: zeldaGrade() }]);
    const { ok, skipped } = await collect((await readHarnessRun(runDir, { maxFileBytes: 200 })).tasks);
    expect(ok).toEqual([]);
    expect(skipped[0]!.reason).toMatch(/above the size limit of .* \(200 bytes\)/u);
  });

  it('tolerates a BOM and refuses invalid UTF-8 with a named reason', async () => {
    const bom = '\uFEFF';
    const invalid = Buffer.concat([
      Buffer.from('{"task_id": "atlas/2", "x": "'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const runDir = writeRun(tempDir(), 'run', [
      {
        folder: 'bom',
        raw: { 'grade.json': bom + json(zeldaGrade('atlas/1')), 'result.json': bom + json(zeldaResult('atlas/1')) },
      },
      { folder: 'bad', grade: zeldaGrade('atlas/2'), raw: { 'result.json': invalid } },
    ]);
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(ok.map((task) => task.task_id)).toEqual(['atlas/1']);
    expect(skipped).toEqual([
      { path: join(runDir, 'tasks', 'bad', 'result.json'), field: '', reason: 'not valid UTF-8 (at or after byte 29)' },
    ]);
  });

  it('keeps Object.prototype clean and survives deep nesting and huge values', async () => {
    const hostile = `{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"isAdmin": true}}, "task_id": "atlas/1",
      "scores": {"discovery_f1": 1, "item_f1": 1, "row_f1": 1, "__proto__": {"polluted": 1}},
      "details": {"rows": [{"gold_row": 0, "response_row": 0, "__proto__": {"polluted": 2},
        "cells": [{"column": "__proto__", "gold": "a", "response": "${'x'.repeat(200_000)}", "verdict": "incorrect", "method": "deterministic"}]}]}}`;
    const deep = `{"task_id": "atlas/2", "scores": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "details": {"rows": []}}`;
    const runDir = writeRun(tempDir(), 'run', [
      { folder: 'a', raw: { 'grade.json': hostile } },
      { folder: 'b', raw: { 'grade.json': deep } },
    ]);
    const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
    expect(prototypeIsClean()).toBe(true);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.rows[0]!.cells[0]!.column).toBe('__proto__');
    expect(ok[0]!.rows[0]!.cells[0]!.response).toHaveLength(200_000);
    expect(skipped).toEqual([
      {
        path: join(runDir, 'tasks', 'b', 'grade.json'),
        field: 'scores',
        reason: 'expected an object, got an array of 1',
      },
    ]);
  });

  it('ignores stray files in tasks/', async () => {
    const runDir = writeRun(tempDir(), 'run', [{ folder: 't', grade: zeldaGrade() }]);
    writeFileSync(join(runDir, 'tasks', '.DS_Store'), 'x');
    const source = await readHarnessRun(runDir);
    expect(source.taskCount).toBe(1);
  });
});
