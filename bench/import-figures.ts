// Import, re-import and their floor, each in a child process (wall time and
// peak RSS are the child's own). Runs alternate floor / import so both see
// the same machine state; the faster of the runs counts (noise only slows).
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildReport } from './children/report';
import { runChild, runReporting } from './child';
import { REPO_ROOT } from './paths';

export interface ImportFigures {
  floor: ChildReport;
  /** bench/peers/import.py: json + sqlite3 + a GROUP BY of the incorrect cells. */
  peer: ChildReport;
  import: ChildReport;
  reimport: ChildReport;
  /** The imported store's rows written again from memory (children/store-writes.ts): a bound on the import. */
  writes: ChildReport;
}

/** Reads every file once so the first measured run does not pay for a cold page cache. */
export function warmFiles(paths: readonly string[]): void {
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else readFileSync(path);
  };
  for (const path of paths) visit(path);
}

function removeStore(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/** The faster run, with the least CPU time of any run (steadier than wall time on a busy machine) and the highest peak RSS. */
const faster = (a: ChildReport | null, b: ChildReport): ChildReport =>
  a === null
    ? b
    : {
        ...(a.wallMs <= b.wallMs ? a : b),
        cpuMs: Math.min(a.cpuMs, b.cpuMs),
        peakRssBytes: Math.max(a.peakRssBytes, b.peakRssBytes),
      };

export async function measureImport(
  scratch: string,
  paths: readonly string[],
  runs: number,
  log: (line: string) => void,
): Promise<ImportFigures> {
  warmFiles(paths);
  let floor: ChildReport | null = null;
  let peer: ChildReport | null = null;
  let imported: ChildReport | null = null;
  let reimported: ChildReport | null = null;
  let writes: ChildReport | null = null;
  for (let run = 1; run <= runs; run++) {
    const floorDb = join(scratch, 'floor.sqlite');
    const peerDb = join(scratch, 'peer.sqlite');
    removeStore(peerDb);
    const p = await runReporting(
      'python3',
      [join(REPO_ROOT, 'bench', 'peers', 'import.py'), peerDb, ...paths],
      'peers/import.py',
    );
    log(
      `  peer     run ${run}: ${(p.wallMs / 1000).toFixed(2)} s (cpu ${(p.cpuMs / 1000).toFixed(2)} s), ${p.cells} cells, ${p.disputes} groups of incorrect cells`,
    );
    removeStore(peerDb);
    const storeDb = join(scratch, 'import.sqlite');
    removeStore(floorDb);
    removeStore(storeDb);
    const f = await runChild('floor-import.ts', [floorDb, ...paths]);
    log(
      `  floor    run ${run}: ${(f.wallMs / 1000).toFixed(2)} s (cpu ${(f.cpuMs / 1000).toFixed(2)} s), ${f.cells} cells, ${f.files} files`,
    );
    const i = await runChild('import.ts', [storeDb, ...paths]);
    log(
      `  import   run ${run}: ${(i.wallMs / 1000).toFixed(2)} s (cpu ${(i.cpuMs / 1000).toFixed(2)} s), ${i.cells} cells, ${i.disputes} disputes; ${i.phases}`,
    );
    const r = await runChild('import.ts', [storeDb, ...paths]);
    log(
      `  reimport run ${run}: ${(r.wallMs / 1000).toFixed(2)} s (cpu ${(r.cpuMs / 1000).toFixed(2)} s), ${r.cells} cells added`,
    );
    if (r.cells !== 0 || r.disputes !== 0)
      throw new Error(`re-import changed the store (${r.cells} cells, ${r.disputes} disputes)`);
    const writesDb = join(scratch, 'store-writes.sqlite');
    removeStore(writesDb);
    const w = await runChild('store-writes.ts', [storeDb, writesDb], ['--expose-gc']);
    log(
      `  writes   run ${run}: ${(w.wallMs / 1000).toFixed(2)} s (cpu ${(w.cpuMs / 1000).toFixed(2)} s), ${w.rows} rows of ${w.tables} tables`,
    );
    removeStore(writesDb);
    floor = faster(floor, f);
    peer = faster(peer, p);
    imported = faster(imported, i);
    reimported = faster(reimported, r);
    writes = faster(writes, w);
    removeStore(floorDb);
  }
  return { floor: floor!, peer: peer!, import: imported!, reimport: reimported!, writes: writes! };
}
