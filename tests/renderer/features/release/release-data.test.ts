// How a revision reads on screen: F1 deltas, ranks, operations as before →
// after, the operations filter, a refused apply read back into its lines.
import { describe, expect, it } from 'vitest';
import type { PatchReviewOperation, SystemRescore } from '../../../../shared/revision-types';
import {
  deltaRows,
  filterOperations,
  formatDelta,
  formatF1,
  rankMove,
  revisedDatasetPath,
  runLabels,
  shortSha,
  siblingPath,
  stateText,
  trend,
} from '../../../../renderer/src/features/release/release-data';
import { jobProgressText, pollJob } from '../../../../renderer/src/lib/jobs';
import type { JobStatus } from '../../../../shared/api-types';
import { mismatchReason } from '../../../../shared/patch-mismatch';

function system(name: string, before: number, after: number, run = `${name}-run`): SystemRescore {
  const scores = (row: number, rank: number) => ({ discovery_f1: 0.9, item_f1: 0.8, row_f1: row, rank });
  return {
    system: name,
    run,
    before: scores(before, 1),
    after: scores(after, 1),
    grader: null,
    needs_regrade: [],
    failed_tasks: [],
    missing_tasks: [],
    differing_tasks: [],
    tasks: [],
  };
}

function op(over: Partial<PatchReviewOperation> = {}): PatchReviewOperation {
  return {
    index: 0,
    op: 'set_cell',
    task_id: 'atlas/0006:zelda remakes',
    row: 0,
    column: 'Critic Metascore',
    entity: 'The Legend of Zelda: Ocarina of Time 3D',
    from: { value: '94' },
    to: { value: '93' },
    evidence: ['https://www.metacritic.com/game/x'],
    rulings: [{ engineer: 'mia', decision: 'accept_system', at: '2026-11-30T07:00:00Z' }],
    issues: [101],
    dispute_id: 'd-1',
    error: null,
    ...over,
  };
}

describe('scores', () => {
  it('formats F1 and signed deltas', () => {
    expect(formatF1(0.44606)).toBe('0.446');
    expect(formatF1(null)).toBe('—');
    expect(formatDelta(0.0372)).toBe('+0.037');
    expect(formatDelta(-0.0127)).toBe('−0.013');
    expect(formatDelta(0.00001)).toBe('0.000');
    expect(formatDelta(-0.00001)).toBe('0.000');
    expect(trend(0.01)).toBe('up');
    expect(trend(-0.01)).toBe('down');
    expect(trend(0.0001)).toBe('flat');
  });

  it('shows rank moves (lower is better)', () => {
    expect(rankMove(3, 1)).toEqual({ text: '▲2', trend: 'up' });
    expect(rankMove(1, 2)).toEqual({ text: '▼1', trend: 'down' });
    expect(rankMove(2, 2)).toEqual({ text: '', trend: 'flat' });
  });

  it('sorts systems by Row F1 change, largest gain first, ties by name', () => {
    const rows = deltaRows([
      system('b', 0.4, 0.4),
      system('a', 0.5, 0.45),
      system('c', 0.3, 0.35),
      system('d', 0.2, 0.2),
    ]);
    expect(rows.map((r) => r.system)).toEqual(['c', 'b', 'd', 'a']);
    expect(rows[0]!.rowDelta).toBeCloseTo(0.05);
    expect(rows[3]!.rowDelta).toBeCloseTo(-0.05);
  });

  it('labels runs by system, adding the run when a system has several', () => {
    const labels = runLabels([system('a', 0, 0, 'a-1'), system('a', 0, 0, 'a-2'), system('b', 0, 0, 'b-1')]);
    expect(labels.get('a-1')).toBe('a · a-1');
    expect(labels.get('b-1')).toBe('b');
  });
});

describe('patch operations', () => {
  it('describes each side of an operation', () => {
    expect(stateText({ value: '94', alternatives: ['94/100'] })).toEqual({
      text: '94',
      tone: 'value',
      extra: 'also 94/100',
    });
    expect(stateText({ blank: true })).toEqual({ text: 'blank', tone: 'muted', extra: null });
    expect(stateText({ ungraded: true })).toEqual({ text: 'ungraded', tone: 'muted', extra: null });
    expect(stateText(null)).toEqual({ text: 'none', tone: 'muted', extra: null });
    expect(
      stateText({ entity: 'Majora', aliases: ['MM3D'], cells: { a: { value: '1' }, b: { blank: true } } }),
    ).toEqual({ text: 'Majora', tone: 'value', extra: 'aka MM3D · 2 cells' });
  });

  it('filters by task, kind of change and text (values, engineers, issues)', () => {
    const ops = [
      op(),
      op({
        index: 1,
        op: 'remove_row',
        task_id: 'atlas-0001',
        column: null,
        entity: 'Saltmere',
        from: { entity: 'Saltmere', aliases: [] },
        to: null,
        issues: [105],
        rulings: [{ engineer: 'noah', decision: 'remove_row', at: '' }],
      }),
    ];
    const all = { task: '', op: '' as const, text: '' };
    expect(filterOperations(ops, all)).toHaveLength(2);
    expect(filterOperations(ops, { ...all, task: 'atlas-0001' }).map((o) => o.index)).toEqual([1]);
    expect(filterOperations(ops, { ...all, op: 'set_cell' }).map((o) => o.index)).toEqual([0]);
    expect(filterOperations(ops, { ...all, text: '93' }).map((o) => o.index)).toEqual([0]);
    expect(filterOperations(ops, { ...all, text: 'NOAH' }).map((o) => o.index)).toEqual([1]);
    expect(filterOperations(ops, { ...all, text: '#105' }).map((o) => o.index)).toEqual([1]);
    expect(filterOperations(ops, { ...all, text: 'row removed' }).map((o) => o.index)).toEqual([1]);
    expect(filterOperations(ops, { ...all, text: 'nothing like it' })).toEqual([]);
  });
});

describe('a refused apply', () => {
  it('says why an operation does not fit, with the values only when the refusal carries them', () => {
    expect(mismatchReason({ reason: 'task not in the dataset' })).toBe('task not in the dataset');
    expect(mismatchReason({ reason: 'from differs', expected: '94', found: '95' })).toBe(
      'from differs (expected 94, found 95)',
    );
    expect(mismatchReason({ reason: 'row missing', found: 'x' })).toBe('row missing (expected ?, found x)');
  });
});

describe('paths and hashes', () => {
  it('suggests the revised dataset and changelog beside the inputs', () => {
    expect(revisedDatasetPath('/data/atlas-test.jsonl', 'v1.1')).toBe('/data/atlas-test.v1.1.jsonl');
    expect(revisedDatasetPath('C:\\data\\atlas.parquet', 'v2')).toBe('C:\\data\\atlas.v2.parquet');
    expect(revisedDatasetPath('atlas', '')).toBe('atlas.revised');
    expect(siblingPath('/out/atlas.v1.1.jsonl', 'CHANGELOG.md')).toBe('/out/CHANGELOG.md');
    expect(siblingPath('atlas.jsonl', 'CHANGELOG.md')).toBe('CHANGELOG.md');
  });

  it('shortens a sha256', () => {
    expect(shortSha('afcfdd64e1e182b0774a89dc')).toBe('afcfdd64e1e1…');
    expect(shortSha(null)).toBe('—');
  });
});

describe('jobs', () => {
  it('polls until the job ends and reports every status', async () => {
    const states: JobStatus[] = [
      { id: 'j', kind: 'apply', state: 'running', done: 0, total: 4, message: 'checking' },
      { id: 'j', kind: 'apply', state: 'running', done: 2, total: 4, message: 'writing' },
      { id: 'j', kind: 'apply', state: 'done', done: 4, total: 4, message: 'done' },
    ];
    let call = 0;
    const seen: string[] = [];
    const final = await pollJob(
      () => Promise.resolve(states[call++]!),
      'j',
      (job) => seen.push(job.message),
      1,
    );
    expect(final.state).toBe('done');
    expect(seen).toEqual(['checking', 'writing', 'done']);
  });

  it('words progress per kind of job', () => {
    expect(jobProgressText({ kind: 'apply', done: 1, total: 4, message: 'checking' })).toBe('Checking · 25%');
    expect(jobProgressText({ kind: 'reports', done: 2, total: 3, message: '200 issues from 2 pages' })).toBe(
      '200 issues from 2 pages',
    );
    expect(jobProgressText({ kind: 'import', done: 3, total: 10, message: 'reading' })).toBe('reading · 3 / 10 files');
  });
});
