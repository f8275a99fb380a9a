// Export of a patch with N operations and applying it to the full dataset,
// each against its floor: reading + writing the same bytes.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../db/fs-atomic';
import { recordRuling } from '../db/rulings';
import { runJob } from '../db/run-job';
import type { ServiceHandle } from '../db/service';
import { parseInput } from '../shared/api';
import { measureApplyBounds } from './apply-bound';
import { fastestOf } from './stats';
import type { ApplyBounds } from './apply-bound';

export interface ExportFigures {
  operations: number;
  patchBytes: number;
  exportMs: number;
  exportFloorMs: number;
  apply: { ms: number; floorMs: number; bytes: number; bounds: ApplyBounds } | { unavailable: string };
}

/** Settles `count` cell disputes (accepting their leading value) in one transaction: setup, not measured. */
export function settleDisputes(service: ServiceHandle, count: number): number {
  const { db, sealer } = service.store;
  const rows = db
    .prepare<[number], { id: string; top_value_s: string }>(
      "SELECT id, top_value_s FROM disputes WHERE kind = 'cell' AND top_value_s IS NOT NULL ORDER BY priority LIMIT ?",
    )
    .all(count);
  db.transaction(() => {
    for (const row of rows) {
      recordRuling(
        service.store,
        parseInput('rule', { disputeId: row.id, decision: 'accept_system', value: sealer.open(row.top_value_s) }),
        'bench',
      );
    }
  })();
  return rows.length;
}

export async function measureExport(
  service: ServiceHandle,
  dataset: string,
  scratch: string,
  runs: number,
): Promise<ExportFigures> {
  const patch = (run: number): string => join(scratch, `patch-${run}.json`);
  let operations = 0;
  const exportMs = await fastestOf(runs, async (run) => {
    // A fresh tag per run: re-exporting a tag is a different code path (refused or a no-op).
    const input = parseInput('exportPatch', { revision: `v-bench-${run}`, out: patch(run) });
    const result = await runJob(service, 'export', () => service.exportPatch(input));
    operations = result.operations;
  });
  const patchBytes = statSync(patch(0)).size;
  const exportFloorMs = await fastestOf(runs, (run) =>
    writeFileAtomic(join(scratch, `floor-patch-${run}.json`), readFileSync(patch(run))),
  );

  const apply = await measureApply(dataset, patch(0), scratch, runs);
  return { operations, patchBytes, exportMs, exportFloorMs, apply };
}

type ApplyPatch = (options: {
  dataset: string;
  patch: string;
  out: string;
  changelog?: string | null;
}) => Promise<unknown>;

async function loadApplyPatch(): Promise<ApplyPatch | string> {
  try {
    // Being written by another engineer (issue: tagged revisions): measured once it exists.
    const module = (await import('../db/revisions')) as { applyPatch?: ApplyPatch };
    return module.applyPatch ?? 'n/a (applyPatch is not exported yet)';
  } catch (error) {
    return `n/a (db/revisions/apply.ts: ${(error as Error).message.split('\n')[0]})`;
  }
}

async function measureApply(
  dataset: string,
  patch: string,
  scratch: string,
  runs: number,
): Promise<ExportFigures['apply']> {
  const applyPatch = await loadApplyPatch();
  if (typeof applyPatch === 'string') return { unavailable: applyPatch };
  const out = (run: number): string => join(scratch, `revised-${run}.jsonl`);
  const changelog = (run: number): string => join(scratch, `CHANGELOG-${run}.md`);
  const ms = await fastestOf(runs, (run) => applyPatch({ dataset, patch, out: out(run), changelog: changelog(run) }));
  const outBytes = readFileSync(out(0));
  const changelogBytes = readFileSync(changelog(0));
  const floorMs = await fastestOf(runs, (run) => {
    readFileSync(dataset);
    readFileSync(patch);
    writeFileAtomic(join(scratch, `floor-revised-${run}.jsonl`), outBytes);
    writeFileAtomic(join(scratch, `floor-CHANGELOG-${run}.md`), changelogBytes);
  });
  const bounds = await measureApplyBounds(dataset, join(scratch, 'bound-revised.jsonl'), runs);
  return { ms, floorMs, bytes: outBytes.length, bounds };
}
