// A column's rule holds gold: a choice column's options, an llm_judge
// column's criterion. It is sealed as this store seals gold, like the rest
// (db/seal.ts); the rules already in the store are sealed where they are.
import type { Db } from '../store';
import type { Sealer } from '../seal';

export const up = `
ALTER TABLE task_columns RENAME COLUMN rule_json TO rule_s;
`;

export function data(db: Db, sealer: Sealer): void {
  const update = db.prepare<[string, string, string]>(
    'UPDATE task_columns SET rule_s = ? WHERE task_id = ? AND name = ?',
  );
  for (const row of db
    .prepare<[], { task_id: string; name: string; rule_s: string }>('SELECT task_id, name, rule_s FROM task_columns')
    .all()) {
    update.run(sealer.seal(row.rule_s), row.task_id, row.name);
  }
}
