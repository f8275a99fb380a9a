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
      await deriveOnThread(thread, ordered, (taskId) => readTaskInput(store, taskId, minSystems), write, signal);
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
 * writes in the same order as without the thread.
 */
async function deriveOnThread(
  thread: DerivationThread,
  ordered: readonly string[],
  read: (taskId: string) => TaskDerivationInput,
  write: (derived: DerivedTask) => void,
  signal?: AbortSignal,
): Promise<void> {
  const inFlight: Promise<DerivedTask>[] = [];
  let next = 0;
  const send = (): void => {
    const answer = thread.derive(read(ordered[next++]!));
    // Awaited in turn below; a failure before then (cancel, an earlier error) must not go unhandled.
    answer.catch(() => undefined);
    inFlight.push(answer);
  };
  while (next < ordered.length && inFlight.length < AHEAD) send();
  while (inFlight.length > 0) {
    signal?.throwIfAborted();
    const derived = await inFlight.shift()!;
    if (next < ordered.length) send();
    write(derived);
  }
}
