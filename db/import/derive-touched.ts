// Rebuilds the disputes of the tasks an import touched, then what hangs off
// them: report links, ranks, settlements and statuses. Runs inside the
// import's transaction.
import { computeTaskDisputes, readTaskInput, writeTaskDisputes, rankDisputes } from '../disputes';
import type { DerivedTask, TaskDerivationInput } from '../disputes';
import { relinkReports } from '../reports';
import { applySettlements } from '../revisions';
import { readPolicy, refreshAllStatuses } from '../rulings';
import type { Store } from '../store';
import { deferQueueIndexes } from './deferred-index';
import type { DeferMode } from './deferred-index';
import type { DerivationThread } from './thread/deriver';
import { deriverFor } from './thread/policy';
import type { ThreadMode } from './thread/policy';

/** Tasks in flight on the thread: enough to keep it busy while the importer writes, few enough to hold little. */
const AHEAD = 8;

export interface DeriveOptions {
  signal?: AbortSignal;
  threads?: ThreadMode;
  /** Build the queue's indexes after ranking (deferred-index.ts): `auto` (the default) when filling an empty store. */
  deferIndex?: DeferMode;
  /** Tasks derived so far, about fifty times over the run and at the end. */
  onProgress?: (derived: number, total: number) => void;
}

/** Returns how many disputes did not exist before. */
export async function deriveTouchedTasks(
  store: Store,
  tasks: ReadonlySet<string>,
  options: DeriveOptions = {},
): Promise<number> {
  if (tasks.size === 0) return 0;
  const { db } = store;
  const { signal } = options;
  const { minSystems } = readPolicy(db);
  const existing = db.prepare<[string], { id: string }>('SELECT id FROM disputes WHERE task_id = ?');
  const ordered = [...tasks].sort();
  let created = 0;
  const rebuilt: string[] = [];
  const every = Math.max(1, Math.ceil(ordered.length / 50));
  let written = 0;
  const write = (derived: DerivedTask): void => {
    const before = new Set(existing.all(derived.taskId).map((row) => row.id));
    writeTaskDisputes(store, derived);
    for (const id of derived.ids) {
      if (!before.has(id)) created++;
      rebuilt.push(id);
    }
    if (++written % every === 0 || written === ordered.length) options.onProgress?.(written, ordered.length);
  };

  const buildQueueIndexes = deferQueueIndexes(db, ordered.length, options.deferIndex);
  const thread = deriverFor(options.threads, ordered.length, store.sealer.secret);
  if (thread) {
    try {
      await deriveOnThread(
        thread,
        ordered,
        (taskId) => readTaskInput(store, taskId, minSystems),
        write,
        (input) => computeTaskDisputes(input, store.sealer),
        signal,
      );
    } finally {
      await thread.close();
    }
  } else {
    for (const taskId of ordered) {
      signal?.throwIfAborted();
      write(computeTaskDisputes(readTaskInput(store, taskId, minSystems), store.sealer));
    }
  }

  // Reports attach to the rebuilt disputes again (and report disputes come back where no other dispute fits).
  relinkReports(store, tasks);
  rankDisputes(db);
  buildQueueIndexes?.();
  // Settlements first: whether a dispute is still settled decides which rulings count.
  applySettlements(store, rebuilt);
  refreshAllStatuses(store, rebuilt);
  return created;
}

/**
 * Tasks in order: the next inputs are read and sent while the thread derives,
 * and each answer is written as it comes back, so the store sees the same
 * writes in the same order as without the thread. When the thread is behind
 * (the next answer is not in), this thread derives the next unsent task
 * itself rather than wait: both cores stay busy, and the writes keep their order.
 */
export async function deriveOnThread(
  thread: Pick<DerivationThread, 'derive'>,
  ordered: readonly string[],
  read: (taskId: string) => TaskDerivationInput,
  write: (derived: DerivedTask) => void,
  deriveHere: (input: TaskDerivationInput) => DerivedTask,
  signal?: AbortSignal,
): Promise<void> {
  /** In task order: an answer awaited from the thread, or one derived here. */
  const slots: { derived: DerivedTask | null; answer: Promise<DerivedTask> | null }[] = [];
  let next = 0;
  const send = (): void => {
    const answer = thread.derive(read(ordered[next++]!));
    const slot: (typeof slots)[number] = { derived: null, answer };
    // Awaited in turn below; a failure before then (cancel, an earlier error) must not go unhandled.
    answer.then(
      (derived) => (slot.derived = derived),
      () => undefined,
    );
    slots.push(slot);
  };
  while (next < ordered.length && slots.length < AHEAD) send();
  while (slots.length > 0) {
    signal?.throwIfAborted();
    const head = slots[0]!;
    if (head.derived === null && head.answer !== null && next < ordered.length && slots.length < 2 * AHEAD) {
      slots.push({ derived: deriveHere(read(ordered[next++]!)), answer: null });
      // Lets the thread's answers in before looking again.
      await new Promise<void>((resolve) => setImmediate(resolve));
      continue;
    }
    const derived = head.derived ?? (await head.answer!);
    slots.shift();
    if (next < ordered.length && slots.filter((slot) => slot.answer !== null && slot.derived === null).length < AHEAD)
      send();
    write(derived);
  }
}
