import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Cached workloads and scratch stores (git-ignored). */
export const BENCH_DIR = join(REPO_ROOT, '.bench');
