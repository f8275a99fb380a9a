// The bundled demo workspace: generated deterministically into a fresh folder;
// the service imports its files like any user's (loading it again adds nothing).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_OPTIONS, generateWorkspace } from './generate';

/** Writes the demo workspace under dir and returns the paths to import (the hosts hand it to the service). */
export async function writeDemoWorkspace(dir: string, signal?: AbortSignal): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  // A fresh folder each time: an interrupted earlier generation must not be imported half-written.
  for (const stale of readdirSync(dir).filter((name) => name.startsWith('ws-')))
    rmSync(join(dir, stale), { recursive: true, force: true });
  const target = join(mkdtempSync(join(dir, 'ws-')), 'workspace');
  const workspace = await generateWorkspace(target, { ...DEMO_OPTIONS, signal });
  const paths = [workspace.dataset, workspace.runsDir];
  if (workspace.cells && existsSync(workspace.cells)) paths.push(workspace.cells);
  if (workspace.judges && existsSync(workspace.judges)) paths.push(workspace.judges);
  return paths;
}
