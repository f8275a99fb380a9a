// Where things are, and throwaway folders that clean up after themselves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = join(REPO_ROOT, 'bin', 'atlas-adjudicator.mjs');

export interface TempDir {
  path: string;
  /** A fresh store path inside the folder (the file does not exist yet). */
  db(name?: string): string;
  remove(): void;
}

export function tempDir(prefix = 'atlas-e2e-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    db: (name = 'atlas.sqlite') => join(path, name),
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
