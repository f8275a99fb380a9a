// An export refuses settled rulings on a task whose gold in the store is older
// than the base dataset (db/revisions/behind-base.ts): its operations were
// computed against rows the base no longer has, and apply would refuse the
// patch only after its tag was taken.
import type { PatchOperation } from '../../shared/patch';
import { tasksBehindBase } from '../revisions';
import type { Store } from '../store';
import { ExportError } from './patch-ops';

export function refuseTasksBehindBase(store: Store, baseSha: string, operations: readonly PatchOperation[]): void {
  const behind = tasksBehindBase(
    store,
    baseSha,
    operations.map((op) => op.task_id),
  );
  if (behind.length === 0) return;
  const basePath =
    store.db.prepare<[string], string>('SELECT path FROM datasets WHERE sha256 = ?').pluck().get(baseSha) ?? baseSha;
  const lines = behind.slice(0, 10).map((task) => {
    const disputes = operations.filter((op) => op.task_id === task.task_id).map((op) => op.dispute_id);
    return `\n  task ${task.task_id}: gold from ${task.gold_from}; ${disputes.length === 1 ? 'dispute' : 'disputes'} ${disputes.join(', ')}`;
  });
  const more = behind.length > 10 ? `\n  … and ${behind.length - 10} more` : '';
  throw new ExportError(
    `${behind.length} ${behind.length === 1 ? 'task' : 'tasks'} with settled rulings still ${behind.length === 1 ? 'has' : 'have'} older gold than the base dataset ${basePath}: ` +
      `an import leaves a task as it was when its gold rows or columns would change under graded runs, and keeps a task the base lacks; ` +
      `so ${behind.length === 1 ? 'its' : 'their'} operations would not apply to it. Import the base dataset into a fresh store with runs graded against it.${lines.join('')}${more}`,
  );
}
