// What must hold in a store after any crash: SQLite's own checks, and counts
// that tell whether an import is wholly there or wholly absent.
import Database from 'better-sqlite3';

export const COUNTED_TABLES = [
  'tasks',
  'gold_rows',
  'gold_cells',
  'runs',
  'run_tasks',
  'run_rows',
  'system_cells',
  'judge_opinions',
  'disputes',
  'dispute_clusters',
] as const;

export type Snapshot = Record<(typeof COUNTED_TABLES)[number], number>;

export interface StoreHealth {
  integrity: string;
  foreignKeyProblems: unknown[];
  snapshot: Snapshot;
  rulingIds: Set<string>;
  /** Positions whose ruling is missing: the cache would point at nothing. */
  danglingPositions: number;
  /** Every index by name: a large import drops one and builds it again inside its transaction. */
  indexes: string[];
}

export function inspectStore(path: string): StoreHealth {
  const db = new Database(path, { readonly: true });
  try {
    const count = (table: string): number =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const snapshot = Object.fromEntries(COUNTED_TABLES.map((table) => [table, count(table)])) as Snapshot;
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      foreignKeyProblems: db.pragma('foreign_key_check') as unknown[],
      snapshot,
      rulingIds: new Set((db.prepare('SELECT id FROM rulings').all() as { id: string }[]).map((row) => row.id)),
      danglingPositions: (
        db
          .prepare(
            'SELECT count(*) AS n FROM positions p WHERE NOT EXISTS (SELECT 1 FROM rulings r WHERE r.id = p.ruling_id)',
          )
          .get() as { n: number }
      ).n,
      indexes: (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name").all() as { name: string }[]
      ).map((row) => row.name),
    };
  } finally {
    db.close();
  }
}

/** A small deterministic PRNG (mulberry32), so a failing kill schedule can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
