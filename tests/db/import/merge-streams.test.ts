// mergeStreams (db/import/merge-streams.ts): the importer's two lanes (the
// reader thread's runs, the dataset read alongside) interleave by readiness,
// keep each lane's order, and close every lane when one fails or the
// consumer stops.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mergeStreams } from '../../../db/import/merge-streams';

interface Lane {
  stream: AsyncGenerator<string>;
  closed: () => boolean;
}

/** A lane yielding `items`, each after its delay (ms); `fail` throws after them. */
function lane(name: string, delays: readonly number[], fail = false): Lane {
  let closed = false;
  const stream = (async function* () {
    try {
      for (const [i, delay] of delays.entries()) {
        await sleep(delay);
        yield `${name}${i}`;
      }
      if (fail) throw new Error(`${name} failed`);
    } finally {
      closed = true;
    }
  })();
  return { stream, closed: () => closed };
}

async function drain(stream: AsyncGenerator<string>): Promise<string[]> {
  const items: string[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe('mergeStreams', () => {
  it('yields every item as it becomes ready, each stream in its own order', async () => {
    const slow = lane('s', [0, 60, 60]);
    const fast = lane('f', [5, 5, 5, 5]);
    const items = await drain(mergeStreams([slow.stream, fast.stream]));
    expect(items.filter((item) => item.startsWith('s'))).toEqual(['s0', 's1', 's2']);
    expect(items.filter((item) => item.startsWith('f'))).toEqual(['f0', 'f1', 'f2', 'f3']);
    // The fast lane is not held up behind the slow one's waits.
    expect(items.indexOf('f3')).toBeLessThan(items.indexOf('s1'));
    expect(slow.closed() && fast.closed()).toBe(true);
  });

  it('handles empty and single streams', async () => {
    expect(await drain(mergeStreams<string>([]))).toEqual([]);
    expect(await drain(mergeStreams([lane('a', []).stream, lane('b', [0, 0]).stream]))).toEqual(['b0', 'b1']);
  });

  it("rethrows a stream's failure and closes the others", async () => {
    const failing = lane('x', [0], true);
    const other = lane('o', [0, 30, 30, 30, 30]);
    await expect(drain(mergeStreams([failing.stream, other.stream]))).rejects.toThrow('x failed');
    // The other lane closes once its current step settles.
    await sleep(100);
    expect(other.closed()).toBe(true);
  });

  it('closes every stream when the consumer stops early', async () => {
    const a = lane('a', [0, 20, 20, 20]);
    const b = lane('b', [0, 20, 20, 20]);
    for await (const item of mergeStreams([a.stream, b.stream])) {
      if (item) break;
    }
    await sleep(100);
    expect(a.closed() && b.closed()).toBe(true);
  });
});
