// deriveOnThread (db/import/derive-touched.ts): while the derivation thread is
// behind, the importer derives the next tasks itself instead of waiting, and
// every task is still written once, in task order, whoever derived it.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { DerivedTask } from '../../../db/disputes/derive-compute';
import type { TaskDerivationInput } from '../../../db/disputes/derive-input';
import { deriveOnThread } from '../../../db/import/derive-touched';

const TASKS = Array.from({ length: 40 }, (_, i) => `task-${String(i).padStart(2, '0')}`);

/** A derived task that says who derived it (ids carry it: nothing else is read here). */
function derivedBy(who: string, input: TaskDerivationInput): DerivedTask {
  return { taskId: input.taskId, ids: [who] } as unknown as DerivedTask;
}

function input(taskId: string): TaskDerivationInput {
  return { taskId } as unknown as TaskDerivationInput;
}

/** A thread answering in request order, each answer `delayMs` after the previous one. */
function slowThread(delayMs: number): { derive: (input: TaskDerivationInput) => Promise<DerivedTask> } {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    derive: (request) => {
      const answer = queue.then(async () => {
        await sleep(delayMs);
        return derivedBy('thread', request);
      });
      queue = answer;
      return answer;
    },
  };
}

describe('deriveOnThread', () => {
  it('derives here while the thread is behind, and writes every task once, in order', async () => {
    const written: DerivedTask[] = [];
    await deriveOnThread(
      slowThread(5),
      TASKS,
      input,
      (derived) => written.push(derived),
      (request) => derivedBy('here', request),
    );
    expect(written.map((derived) => derived.taskId)).toEqual(TASKS);
    const here = written.filter((derived) => derived.ids[0] === 'here').length;
    const thread = written.filter((derived) => derived.ids[0] === 'thread').length;
    expect(here).toBeGreaterThan(0);
    expect(thread).toBeGreaterThan(0);
  });

  it('lets a failure of the thread through', async () => {
    const failing = { derive: () => Promise.reject(new Error('the derivation thread failed')) };
    await expect(
      deriveOnThread(
        failing,
        TASKS,
        input,
        () => undefined,
        (request) => derivedBy('here', request),
      ),
    ).rejects.toThrow('the derivation thread failed');
  });
});
