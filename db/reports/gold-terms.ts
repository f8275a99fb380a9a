// The dataset stays out of plain text on the web: replies to reporters must
// not quote a task's gold values, entity names, aliases or its question.
// These helpers list a task's gold terms and find any a text contains.
import { decryptText } from '../../shared/crypto';
import { looseKey } from '../../shared/report-parse/text';
import type { Store } from '../store';

export function goldTerms(store: Store, taskId: string): string[] {
  const { db, sealer } = store;
  const terms = new Set<string>();
  const add = (text: string | null): void => {
    if (text !== null && text.trim() !== '') terms.add(text.trim());
  };
  for (const cell of db
    .prepare<[string], { value_s: string | null; alternatives_s: string }>('SELECT value_s, alternatives_s FROM gold_cells WHERE task_id = ?')
    .all(taskId)) {
    add(sealer.open(cell.value_s));
    for (const alternative of sealer.openJson<string[]>(cell.alternatives_s, [])) add(alternative);
  }
  for (const row of db.prepare<[string], { entity_s: string; aliases_s: string }>('SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ?').all(taskId)) {
    add(sealer.open(row.entity_s));
    for (const alias of sealer.openJson<string[]>(row.aliases_s, [])) add(alias);
  }
  // Without the dataset, the grader's record of gold beside each system cell.
  for (const cell of db.prepare<[string], { gold_s: string }>('SELECT DISTINCT gold_s FROM system_cells WHERE task_id = ?').all(taskId)) add(sealer.open(cell.gold_s));
  const task = db.prepare<[string], { question_enc: string; canary: string }>('SELECT question_enc, canary FROM tasks WHERE task_id = ?').get(taskId);
  if (task) {
    try {
      add(decryptText(task.question_enc, task.canary));
    } catch {
      // An undecryptable question cannot be quoted either.
    }
  }
  return [...terms];
}

/**
 * The terms a text contains, compared as whole words after normalisation
 * (case, accents, punctuation). One-character terms ("E", "T") count only as a
 * standalone capital, exactly as written. `ignore` names text known to be
 * safe (the task id, "row 3") that is removed before looking.
 */
export function findLeaks(text: string, terms: readonly string[], ignore: readonly string[] = []): string[] {
  let searched = text;
  for (const safe of ignore) if (safe !== '') searched = searched.split(safe).join(' ');
  const key = ` ${looseKey(searched)} `;
  return terms.filter((term) => {
    const termKey = looseKey(term);
    if (termKey === '') return false;
    if (termKey.length === 1) return new RegExp(`(?<![\\p{L}\\p{N}])${term.trim().replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(searched);
    return key.includes(` ${termKey} `);
  });
}
