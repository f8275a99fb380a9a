// Writes a whole workspace: dataset, harness runs, a flat cells file and judge
// opinions. One task at a time, so memory stays flat at benchmark scale.
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { cellLines } from './cells-file';
import { COLUMN_POOL } from './columns';
import { DatasetWriter, encryptTask } from './dataset-writer';
import { JsonlFile } from './files';
import { HarnessWriter } from './harness-writer';
import { judgeOpinions } from './judges';
import { planGenericTask } from './plan';
import { Rng } from './prng';
import { respond, systemProfile } from './respond';
import type { TaskPlan } from './types';
import { FLAT_SYSTEM, SYSTEM_NAMES } from './vocab';
import { planZeldaTask } from './zelda';

export interface GenerateOptions {
  seed?: number;
  tasks?: number;
  systems?: number;
  minRows?: number;
  maxRows?: number;
  minColumns?: number;
  maxColumns?: number;
  includeZelda?: boolean;
  datasetFormat?: 'jsonl' | 'parquet' | 'both';
  cellsFile?: boolean;
  judges?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface GeneratedWorkspace {
  dir: string;
  /** The dataset .jsonl; the .parquet file when only Parquet was asked for. */
  dataset: string;
  datasetParquet: string | null;
  runsDir: string;
  runDirs: string[];
  judges: string | null;
  cells: string | null;
  taskIds: string[];
  /** Harness systems, in run-directory order (the flat-file system is not among them). */
  systems: string[];
}

/** The bundled demo workspace. */
export const DEMO_OPTIONS: GenerateOptions = Object.freeze({
  seed: 2026,
  tasks: 24,
  systems: 6,
  includeZelda: true,
  datasetFormat: 'both',
  cellsFile: true,
  judges: true,
});

const DEFAULTS = {
  seed: 1,
  tasks: 24,
  systems: 6,
  minRows: 3,
  maxRows: 25,
  minColumns: 2,
  maxColumns: 10,
  includeZelda: true,
  datasetFormat: 'jsonl',
  cellsFile: true,
  judges: true,
} as const;

type Resolved = Required<Omit<GenerateOptions, 'signal' | 'onProgress'>>;

function resolveOptions(options: GenerateOptions): Resolved {
  const o: Resolved = {
    seed: options.seed ?? DEFAULTS.seed,
    tasks: options.tasks ?? DEFAULTS.tasks,
    systems: options.systems ?? DEFAULTS.systems,
    minRows: options.minRows ?? Math.min(DEFAULTS.minRows, options.maxRows ?? Infinity),
    maxRows: options.maxRows ?? Math.max(DEFAULTS.maxRows, options.minRows ?? 0),
    minColumns: options.minColumns ?? Math.min(DEFAULTS.minColumns, options.maxColumns ?? Infinity),
    maxColumns: options.maxColumns ?? Math.max(DEFAULTS.maxColumns, options.minColumns ?? 0),
    includeZelda: options.includeZelda ?? DEFAULTS.includeZelda,
    datasetFormat: options.datasetFormat ?? DEFAULTS.datasetFormat,
    cellsFile: options.cellsFile ?? DEFAULTS.cellsFile,
    judges: options.judges ?? DEFAULTS.judges,
  };
  const isInt = (n: number, min: number): boolean => Number.isInteger(n) && n >= min;
  if (!isInt(o.seed, 0) || o.seed > 0xffffffff) throw new RangeError('seed must be an integer in 0..2^32-1');
  if (!isInt(o.tasks, 1) || o.tasks > 9999) throw new RangeError('tasks must be an integer in 1..9999');
  if (!isInt(o.systems, 1) || o.systems > 64) throw new RangeError('systems must be an integer in 1..64');
  if (!isInt(o.minRows, 1) || !isInt(o.maxRows, o.minRows)) throw new RangeError('rows need 1 <= minRows <= maxRows');
  if (o.maxRows > 200) throw new RangeError('maxRows must be at most 200');
  if (!isInt(o.minColumns, 1) || !isInt(o.maxColumns, o.minColumns))
    throw new RangeError('columns need 1 <= minColumns <= maxColumns');
  if (o.maxColumns > COLUMN_POOL.length) throw new RangeError(`maxColumns must be at most ${COLUMN_POOL.length}`);
  if (!['jsonl', 'parquet', 'both'].includes(o.datasetFormat))
    throw new RangeError('datasetFormat must be jsonl, parquet or both');
  return o;
}

/** Harness system names: the fixed list first, then numbered generations of it. */
export function systemNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const base = SYSTEM_NAMES[i % SYSTEM_NAMES.length]!;
    const generation = Math.floor(i / SYSTEM_NAMES.length);
    return generation === 0 ? base : `${base}-v${generation + 1}`;
  });
}

async function ensureEmptyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  // Stale run directories from an earlier workspace would be imported as runs of this one.
  if ((await readdir(dir)).length > 0) throw new Error(`refusing to write into a non-empty directory: ${dir}`);
}

export async function generateWorkspace(dir: string, options: GenerateOptions = {}): Promise<GeneratedWorkspace> {
  const o = resolveOptions(options);
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  await ensureEmptyDir(dir);

  const systems = systemNames(o.systems);
  const graders = [...systems, ...(o.cellsFile ? [FLAT_SYSTEM] : [])];
  const profiles = graders.map((system) => systemProfile(o.seed, system));
  const zeldaIndex = o.includeZelda ? Math.min(6, o.tasks - 1) : -1;
  const failedTask = firstIndexExcept(o.tasks, zeldaIndex);
  const failedSystem = systems.length > 1 ? 1 : 0;
  const firstInvented = firstIndexExcept(o.tasks, zeldaIndex, 0);

  const datasetDir = join(dir, 'dataset');
  await mkdir(datasetDir, { recursive: true });
  const jsonlPath = o.datasetFormat === 'parquet' ? null : join(datasetDir, 'atlas-test.jsonl');
  const parquetPath = o.datasetFormat === 'jsonl' ? null : join(datasetDir, 'atlas-test.parquet');
  const runsDir = join(dir, 'results', 'runs');
  const harness = new HarnessWriter(runsDir, o.seed, systems);
  await harness.init();

  const opened: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(w: T): T => (opened.push(w), w);
  const dataset = track(await DatasetWriter.create(jsonlPath, parquetPath));
  const cells = o.cellsFile ? track(await JsonlFile.create(join(dir, `${FLAT_SYSTEM}.cells.jsonl`))) : null;
  const judges = o.judges ? track(await JsonlFile.create(join(dir, 'atlas.judges.jsonl'))) : null;

  const taskIds: string[] = [];
  try {
    onProgress?.(0, o.tasks);
    for (let index = 0; index < o.tasks; index++) {
      signal?.throwIfAborted();
      const plan: TaskPlan =
        index === zeldaIndex
          ? planZeldaTask(index, graders.length)
          : planGenericTask({ ...o, index, graders: graders.length, wantUngraded: index === firstInvented });
      taskIds.push(plan.id);
      await dataset.add(encryptTask(plan.id, plan.question, plan.gold, plan.canary));

      const latencies = Rng.derive(o.seed, 'latency', plan.id);
      await Promise.all(
        systems.map((system, s) => {
          const latency = Math.round((6 + latencies.next() * 80) * 10) / 10;
          if (index === failedTask && s === failedSystem) return harness.writeFailed(s, plan);
          const answer = respond({ seed: o.seed, plan, systemIndex: s, system, profile: profiles[s]! });
          return harness.writeGraded(s, plan, answer, latency);
        }),
      );
      if (cells) {
        const s = systems.length;
        const answer = respond({ seed: o.seed, plan, systemIndex: s, system: FLAT_SYSTEM, profile: profiles[s]! });
        await cells.append(cellLines(plan, FLAT_SYSTEM, answer));
      }
      if (judges) await judges.append(judgeOpinions(o.seed, plan));
      onProgress?.(index + 1, o.tasks);
    }
    await harness.finish();
  } finally {
    // Close even when aborted: the partial workspace stays for the caller to remove.
    await Promise.all(opened.map((w) => w.close()));
  }

  return {
    dir,
    dataset: jsonlPath ?? parquetPath!,
    datasetParquet: parquetPath,
    runsDir,
    runDirs: harness.runDirs,
    judges: judges?.path ?? null,
    cells: cells?.path ?? null,
    taskIds,
    systems,
  };
}

/** The first index from `start` (default 1) that is not `skip`, or 0 when there is none. */
function firstIndexExcept(count: number, skip: number, start = 1): number {
  for (let i = start; i < count; i++) if (i !== skip) return i;
  return 0;
}
