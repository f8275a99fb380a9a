// Judge opinions (design.md §4.4), one per line: shown beside a dispute, never a
// ruling. A bad line is skipped alone (each line is independent).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { attempt, describeZodError, ReaderError } from './errors';
import { decodeUtf8, isBlankLine, maxBytesOf, Pacer, parseJson, readLines } from './files';
import { judgeLineSchema, uniqueSources } from './schemas';
import type { JudgeOpinionRecord, ReaderItem, ReaderOptions } from './types';

/**
 * Streams a `*.judges.jsonl` file. Skipped paths are `<file>:<line>` (1-based).
 * File-level problems (too large, unreadable) throw a ReaderError on the first
 * iteration.
 */
export async function* readJudgeOpinions(
  path: string,
  options: ReaderOptions = {},
): AsyncGenerator<ReaderItem<JudgeOpinionRecord>> {
  const shown = resolve(path);
  const pacer = new Pacer(options.signal);
  for await (const line of readLines(shown, maxBytesOf(options))) {
    if (pacer.due()) await pacer.step();
    if (isBlankLine(line.bytes)) continue;
    const where = `${shown}:${line.number}`;
    yield attempt(where, () => toOpinion(line.bytes, where));
  }
}

function toOpinion(bytes: Buffer, where: string): JudgeOpinionRecord {
  const parsed = judgeLineSchema.safeParse(parseJson(decodeUtf8(bytes, where), where), { reportInput: true });
  if (!parsed.success) {
    const { field, reason } = describeZodError(parsed.error);
    throw new ReaderError(where, field, reason);
  }
  const opinion = parsed.data;
  return {
    task_id: opinion.task_id,
    gold_row: opinion.gold_row,
    entity: opinion.entity,
    column: opinion.column,
    judge: opinion.judge,
    verdict: opinion.verdict,
    value: opinion.value,
    sources: uniqueSources(opinion.sources),
    reasoning: opinion.reasoning,
    // Of the line's bytes: the same opinion imported twice (from any file) is stored once.
    content_sha: createHash('sha256').update(bytes).digest('hex'),
  };
}
