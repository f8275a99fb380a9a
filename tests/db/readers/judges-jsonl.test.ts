import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJudgeOpinions } from '../../../db/readers/judges-jsonl';
import { cleanTempDirs, collect, tempDir, write } from './helpers';

afterEach(cleanTempDirs);

describe('readJudgeOpinions', () => {
  it('reads opinions and skips a bad verdict with file:line and field', async () => {
    const good = {
      task_id: 'atlas/0007',
      gold_row: 0,
      entity: 'Ocarina of Time 3D',
      column: 'Critic Metascore',
      judge: 'judge-a',
      verdict: 'system',
      value: 93,
      sources: ['https://a', 'https://a', 'https://b'],
      reasoning: 'Metacritic lists 93',
      extra: { ignored: true },
    };
    const path = write(
      join(tempDir(), 'opinions.judges.jsonl'),
      [
        JSON.stringify(good),
        JSON.stringify({ ...good, verdict: 'maybe' }),
        '',
        JSON.stringify({ task_id: 'atlas/1', judge: 'j', verdict: 'unclear' }),
      ].join('\n'),
    );
    const { ok, skipped } = await collect(readJudgeOpinions(path));
    expect(ok).toHaveLength(2);
    expect(ok[0]).toMatchObject({
      task_id: 'atlas/0007',
      gold_row: 0,
      value: '93',
      verdict: 'system',
      sources: ['https://a', 'https://b'],
    });
    expect(ok[0]!.content_sha).toMatch(/^[0-9a-f]{64}$/u);
    expect(ok[1]).toMatchObject({
      gold_row: null,
      entity: null,
      column: null,
      value: null,
      sources: [],
      reasoning: null,
    });
    expect(skipped).toEqual([
      {
        path: `${path}:2`,
        field: 'verdict',
        reason: 'expected one of gold, system, both, neither, unclear, got "maybe"',
      },
    ]);
  });

  it('refuses a file above the size limit', async () => {
    const path = write(join(tempDir(), 'big.judges.jsonl'), 'x'.repeat(1000));
    await expect(collect(readJudgeOpinions(path, { maxFileBytes: 10 }))).rejects.toMatchObject({ name: 'ReaderError' });
  });
});
