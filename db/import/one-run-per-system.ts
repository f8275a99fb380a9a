// A system is graded by one run: its cells count once in every cluster and
// score. A second run of a system already in the store (or earlier in the
// same import) is refused whole, named once in the report, never merged;
// unless the import replaces runs (a re-grade), and then the run read now
// takes the place of the store's.
import type { SkippedItem } from '../../shared/api-types';
import type { RunHeader } from '../readers';
import type { Store } from '../store';

interface KnownRun {
  runKey: string;
  sourcePath: string;
}

export interface ReplacedRun {
  system: string;
  /** The run's source (directory or cells file) that was in the store. */
  path: string;
  /** The store's key of that run, whose rows go. */
  runKey: string;
  /** The source that replaces it. */
  by: string;
}

export class OneRunPerSystem {
  private readonly bySystem = new Map<string, KnownRun>();
  private readonly refused = new Set<string>();
  /** Store runs met again in this import: a run replaced earlier in it is not replaced twice. */
  private readonly fromStore = new Set<string>();

  constructor(
    store: Store,
    private readonly replace = false,
  ) {
    const rows = store.db
      .prepare<[], { system: string; run_key: string; source_path: string }>(
        'SELECT s.name AS system, r.run_key, r.source_path FROM runs r JOIN systems s ON s.id = r.system_id ORDER BY r.id',
      )
      .all();
    for (const row of rows) {
      if (this.bySystem.has(row.system)) continue;
      this.bySystem.set(row.system, { runKey: row.run_key, sourcePath: row.source_path });
      this.fromStore.add(row.run_key);
    }
  }

  /**
   * Whether the run's records may be written. The first record of a refused
   * run also returns the item that names it in the report.
   */
  admit(run: RunHeader): { ok: true; replaces?: ReplacedRun } | { ok: false; report: SkippedItem | null } {
    const known = this.bySystem.get(run.system);
    if (!known) {
      this.bySystem.set(run.system, { runKey: run.run_key, sourcePath: run.source_path });
      return { ok: true };
    }
    if (known.runKey === run.run_key) return { ok: true };
    // Only the store's run is replaced: two runs of one system in the same import still leave it to chance.
    if (this.replace && this.fromStore.has(known.runKey)) {
      this.fromStore.delete(known.runKey);
      this.bySystem.set(run.system, { runKey: run.run_key, sourcePath: run.source_path });
      return {
        ok: true,
        replaces: { system: run.system, path: known.sourcePath, runKey: known.runKey, by: run.source_path },
      };
    }
    if (this.refused.has(run.run_key)) return { ok: false, report: null };
    this.refused.add(run.run_key);
    return {
      ok: false,
      report: {
        path: run.source_path,
        field: 'system',
        reason:
          `system ${JSON.stringify(run.system)} is already graded by ${known.sourcePath} in this store; ` +
          'one run per system, so this run was not imported (to re-grade the system, import it with "replace runs": --replace-runs, or the Import dialog\'s box)',
      },
    };
  }
}
