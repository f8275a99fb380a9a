// A small generated workspace and a fresh store per test file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GenerateOptions, GeneratedWorkspace } from '../../demo/generate';
import { generateWorkspace } from '../../demo/generate';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';

export function tempDir(prefix = 'atlas-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const SMALL: GenerateOptions = {
  seed: 7,
  tasks: 6,
  systems: 4,
  maxRows: 8,
  maxColumns: 5,
  includeZelda: true,
  cellsFile: true,
  judges: true,
};

export async function smallWorkspace(options: GenerateOptions = SMALL): Promise<GeneratedWorkspace> {
  return generateWorkspace(join(tempDir('atlas-ws-'), 'ws'), options);
}

export function freshService(engineer = 'mia'): ServiceHandle {
  const dir = tempDir('atlas-store-');
  return openService({
    dbPath: join(dir, 'store.sqlite'),
    settingsPath: join(dir, 'settings.json'),
    engineer,
    demoDir: join(dir, 'demo'),
  });
}

export function workspacePaths(workspace: GeneratedWorkspace): string[] {
  return [
    workspace.dataset,
    workspace.runsDir,
    ...(workspace.cells ? [workspace.cells] : []),
    ...(workspace.judges ? [workspace.judges] : []),
  ];
}

/**
 * A store file with `paths` imported, closed: closing checkpoints the WAL
 * into the file, so a copy of the file alone is the whole store.
 */
export async function importedStoreFile(prefix: string, paths: readonly string[]): Promise<string> {
  const dir = tempDir(prefix);
  const dbPath = join(dir, 'base.sqlite');
  const service = openService({ dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' });
  try {
    await service.importPaths([...paths]);
  } finally {
    service.close();
  }
  return dbPath;
}
