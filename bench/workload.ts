// Generated workloads for the benchmark, cached under .bench/ (git-ignored).
// The cache key includes a hash of the generator's sources, so a change to the
// generator regenerates instead of measuring stale files.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateWorkspace } from '../demo';
import type { GeneratedWorkspace } from '../demo';
import { BENCH_DIR, REPO_ROOT } from './paths';

export interface WorkloadSpec {
  tasks: number;
  systems: number;
  seed: number;
}

function generatorHash(): string {
  const dir = join(REPO_ROOT, 'demo');
  const hash = createHash('sha256');
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.ts'))
    .sort()) {
    hash.update(name).update(readFileSync(join(dir, name)));
  }
  return hash.digest('hex').slice(0, 10);
}

/** The import paths of a workspace: dataset, every run, the flat cells file, judge opinions. */
export function importPathsOf(workspace: GeneratedWorkspace): string[] {
  return [
    workspace.dataset,
    workspace.runsDir,
    ...(workspace.cells ? [workspace.cells] : []),
    ...(workspace.judges ? [workspace.judges] : []),
  ];
}

/** Returns the cached workspace for `spec`, generating it first when absent or incomplete. */
export async function workload(spec: WorkloadSpec, log: (line: string) => void): Promise<GeneratedWorkspace> {
  const dir = join(BENCH_DIR, `ws-t${spec.tasks}-s${spec.systems}-seed${spec.seed}-${generatorHash()}`);
  const manifest = join(dir, 'workspace.json');
  if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')) as GeneratedWorkspace;
  // A directory without its manifest is a generation that was interrupted.
  rmSync(dir, { recursive: true, force: true });
  log(`generating ${spec.tasks} tasks × ${spec.systems} systems (seed ${spec.seed}) into ${dir} …`);
  const started = performance.now();
  const workspace = await generateWorkspace(join(dir, 'ws'), {
    ...spec,
    datasetFormat: 'jsonl',
    cellsFile: true,
    judges: true,
  });
  writeFileSync(manifest, JSON.stringify(workspace));
  log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return workspace;
}
