// Score preview (design.md §7.3; issue 5): every imported run scored before and
// after a patch, from the stored verdicts, with ranks, the grader's own scores
// beside "before", and the llm_judge cells the patch leaves to regrade.
import type { GoldPatch } from '../../shared/patch';
import type { CellRef, PatchMismatch, RescoreResult, SystemRescore, TaskRescore } from '../../shared/revision-types';
import type { Scores } from '../../shared/score';
import { ZERO_SCORES, averageScores, rankByScores, scoresDiffer } from '../../shared/score';
import { Pacer } from '../readers';
import type { ParsedGold } from '../readers';
import type { Store } from '../store';
import { getMeta } from '../store';
import { PatchMismatchError } from './errors';
import { plainOperations, readPatchFile } from './patch-file';
import type { IndexedOperation, TaskEdits } from './plan';
import { planTask } from './plan';
import { emptyEdits, prepareScoring, scoreTask } from './score-task';
import type { StoredAlignment, TaskScoring } from './score-task';
import type { StoreGoldReader } from './store-gold';
import { storeGoldReader } from './store-gold';

interface RunRow {
  id: number;
  run_key: string;
  system: string;
}

interface RunTaskRow {
  task_id: string;
  state: 'graded' | 'failed';
  discovery_f1: number | null;
  item_f1: number | null;
  row_f1: number | null;
}

interface TaskContext {
  gold: ParsedGold | null;
  edits: TaskEdits;
}

/**
 * Resolves the patch against the store's gold, task by task. Every operation
 * must fit the imported dataset (as apply checks the file); otherwise the
 * preview would describe some other dataset, so it is refused the same way.
 */
function planPatch(store: Store, reader: StoreGoldReader, patch: GoldPatch): Map<string, TaskContext> {
  const canary = store.db.prepare<[string], { canary: string }>('SELECT canary FROM tasks WHERE task_id = ?');
  const plain = plainOperations(patch, (taskId) => canary.get(taskId)?.canary);
  const mismatches: PatchMismatch[] = [];
  const byTask = new Map<string, IndexedOperation[]>();
  plain.forEach((item, index) => {
    const op = patch.operations[index]!;
    if ('error' in item) {
      mismatches.push({ index, op: op.op, task_id: op.task_id, row: op.row, column: op.column, reason: item.error });
      return;
    }
    byTask.set(op.task_id, [...(byTask.get(op.task_id) ?? []), { index, op: item.ok }]);
  });
  const contexts = new Map<string, TaskContext>();
  for (const [taskId, operations] of byTask) {
    const gold = reader.gold(taskId);
    if (!gold) {
      for (const { index, op } of operations)
        mismatches.push({
          index,
          op: op.op,
          task_id: taskId,
          row: op.row,
          column: op.column,
          reason: 'task not in the imported dataset',
        });
      continue;
    }
    const plan = planTask(taskId, gold, operations, false);
    mismatches.push(...plan.mismatches);
    contexts.set(taskId, { gold, edits: plan.edits });
  }
  if (mismatches.length > 0) {
    // The revision imported as the base already: its "from" values are the gold it replaced.
    const lead =
      getMeta(store.db, 'base_revision') === patch.revision
        ? `${patch.revision} is this store's base already: its changes are in the gold the preview scores against, so its operations' "from" values are gone; preview the next patch instead. `
        : undefined;
    throw new PatchMismatchError(
      null,
      mismatches.sort((a, b) => a.index - b.index),
      lead,
    );
  }
  return contexts;
}

function graderScores(row: RunTaskRow): Scores | null {
  if (row.state !== 'graded' || row.discovery_f1 === null || row.item_f1 === null || row.row_f1 === null) return null;
  return { discovery_f1: row.discovery_f1, item_f1: row.item_f1, row_f1: row.row_f1 };
}

export interface RescoreOptions {
  /** Checked between tasks: an aborted preview stops there (it writes nothing). */
  signal?: AbortSignal;
  /** Tasks scored of all tasks. */
  onProgress?: (done: number, total: number, message: string) => void;
}

/**
 * Scores every imported run before and after `patch` (already read and
 * validated, e.g. by readPatchFile). About two seconds at full scale, so it
 * yields between tasks: the host stays responsive and the job can be cancelled.
 */
export async function rescore(store: Store, patch: GoldPatch, options: RescoreOptions = {}): Promise<RescoreResult> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const { db } = store;
  const reader = storeGoldReader(store);
  onProgress?.(0, 0, 'checking the patch against gold');
  const touched = planPatch(store, reader, patch);
  const contexts = new Map<string, TaskContext>(touched);
  const contextOf = (taskId: string): TaskContext => {
    let context = contexts.get(taskId);
    if (!context) {
      context = { gold: reader.gold(taskId), edits: emptyEdits(taskId) };
      contexts.set(taskId, context);
    }
    return context;
  };

  const runs = db
    .prepare<[], RunRow>(
      'SELECT r.id, r.run_key, s.name AS system FROM runs r JOIN systems s ON s.id = r.system_id ORDER BY s.name, r.run_key',
    )
    .all();
  // Task by task, every run at once: a task's cells are one index range for all runs
  // (a range per run and task scanned each task's cells once per run).
  const runTasks = db
    .prepare<[], RunTaskRow & { run_id: number }>(
      'SELECT run_id, task_id, state, discovery_f1, item_f1, row_f1 FROM run_tasks ORDER BY task_id, run_id',
    )
    .all();
  const tasksOf = new Map<number, TaskRescore[]>(runs.map((run) => [run.id, []]));
  const regradeOf = new Map<number, CellRef[]>(runs.map((run) => [run.id, []]));
  const taskCount = new Set(runTasks.map((row) => row.task_id)).size;
  // Only a job (signal or progress given) yields: a plain call runs through, so no import can land midway.
  const pacer = signal || onProgress ? new Pacer(signal, 50) : null;
  let tasksDone = 0;
  onProgress?.(0, taskCount, 'scoring');
  for (let start = 0; start < runTasks.length;) {
    if (pacer?.due()) {
      onProgress?.(tasksDone, taskCount, 'scoring');
      await pacer.step();
    }
    tasksDone++;
    const taskId = runTasks[start]!.task_id;
    let end = start;
    while (end < runTasks.length && runTasks[end]!.task_id === taskId) end++;
    const rows = runTasks.slice(start, end);
    start = end;
    const isTouched = touched.has(taskId);
    let alignments: Map<number, StoredAlignment[]> | null = null;
    let scoring: { before: TaskScoring; after: TaskScoring | null } | null = null;
    for (const row of rows) {
      const tasks = tasksOf.get(row.run_id)!;
      const grader = graderScores(row);
      if (row.state === 'failed') {
        tasks.push({
          task_id: taskId,
          state: 'failed',
          before: { ...ZERO_SCORES },
          after: { ...ZERO_SCORES },
          grader: null,
          differs: false,
          touched: isTouched,
        });
        continue;
      }
      const context = contextOf(taskId);
      if (!context.gold) {
        // Without the task's gold nothing can be recomputed: the grader's figures stand for both.
        const scores = grader ?? { ...ZERO_SCORES };
        tasks.push({
          task_id: taskId,
          state: 'no_gold',
          before: scores,
          after: scores,
          grader,
          differs: false,
          touched: false,
        });
        continue;
      }
      alignments ??= reader.taskAlignments(
        taskId,
        rows.filter((r) => r.state === 'graded').map((r) => r.run_id),
      );
      const runAlignments = alignments.get(row.run_id) ?? [];
      scoring ??= {
        before: prepareScoring(taskId, context.gold, emptyEdits(taskId)),
        after: isTouched ? prepareScoring(taskId, context.gold, context.edits) : null,
      };
      const scoredBefore = scoreTask(scoring.before, runAlignments);
      const before = scoredBefore.scores;
      const after = scoring.after ? scoreTask(scoring.after, runAlignments) : null;
      // What a judge must look at again under the patched gold: on a task the patch leaves alone, the
      // llm_judge cells graded against older gold (a revision imported since).
      regradeOf.get(row.run_id)!.push(...(after ?? scoredBefore).needsRegrade);
      tasks.push({
        task_id: taskId,
        state: 'graded',
        before,
        after: after?.scores ?? before,
        grader,
        differs: grader !== null && scoresDiffer(before, grader),
        touched: isTouched,
      });
    }
    // An untouched task's gold is done with once its runs are scored: dropped, so memory stays flat.
    if (!isTouched) contexts.delete(taskId);
  }

  onProgress?.(taskCount, taskCount, 'ranking');

  // Every system is averaged over the same tasks: those any run has a result for. A run
  // without a task another has (its directory absent, its lines left out of a cells file)
  // scores 0 there, as a failed task does; skipping a hard task must not raise a system.
  const suite = [...new Set(runTasks.map((row) => row.task_id))];
  for (const run of runs) {
    const tasks = tasksOf.get(run.id)!;
    if (tasks.length === suite.length) continue;
    const has = new Set(tasks.map((task) => task.task_id));
    for (const taskId of suite) {
      if (has.has(taskId)) continue;
      tasks.push({
        task_id: taskId,
        state: 'missing',
        before: { ...ZERO_SCORES },
        after: { ...ZERO_SCORES },
        grader: null,
        differs: false,
        touched: touched.has(taskId),
      });
    }
    tasks.sort((a, b) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0));
  }

  const systems: Omit<SystemRescore, 'before' | 'after'>[] = [];
  const averages = new Map<string, { before: Scores; after: Scores }>();
  for (const run of runs) {
    const tasks = tasksOf.get(run.id)!;
    averages.set(run.run_key, {
      before: averageScores(tasks.map((t) => t.before)),
      after: averageScores(tasks.map((t) => t.after)),
    });
    systems.push({
      system: run.system,
      run: run.run_key,
      // The grader's average on the same footing (failed and missing tasks count 0); none when
      // some graded task has no grader scores (flat cells files carry none).
      grader: tasks.every((t) => t.state === 'failed' || t.state === 'missing' || t.grader !== null)
        ? averageScores(tasks.map((t) => t.grader ?? ZERO_SCORES))
        : null,
      needs_regrade: regradeOf.get(run.id)!,
      failed_tasks: tasks.filter((t) => t.state === 'failed').map((t) => t.task_id),
      missing_tasks: tasks.filter((t) => t.state === 'missing').map((t) => t.task_id),
      differing_tasks: tasks.filter((t) => t.differs).map((t) => t.task_id),
      tasks,
    });
  }

  const rankBefore = rankByScores([...averages].map(([key, a]) => ({ key, scores: a.before })));
  const rankAfter = rankByScores([...averages].map(([key, a]) => ({ key, scores: a.after })));
  const ranked: SystemRescore[] = systems.map((s) => ({
    ...s,
    before: { ...averages.get(s.run)!.before, rank: rankBefore.get(s.run)! },
    after: { ...averages.get(s.run)!.after, rank: rankAfter.get(s.run)! },
  }));
  ranked.sort(
    (a, b) =>
      a.after.rank - b.after.rank || a.before.rank - b.before.rank || (a.run < b.run ? -1 : a.run > b.run ? 1 : 0),
  );

  return {
    revision: patch.revision,
    base_revision: patch.base_revision,
    operations: patch.operations.length,
    touched_tasks: [...touched.keys()].sort(),
    needs_regrade: ranked.reduce((sum, s) => sum + s.needs_regrade.length, 0),
    systems: ranked,
  };
}

/** Reads the patch file and previews it. */
export async function rescoreFile(store: Store, patchPath: string): Promise<RescoreResult> {
  const { patch } = await readPatchFile(patchPath);
  return await rescore(store, patch);
}
