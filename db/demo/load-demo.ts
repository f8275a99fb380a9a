// The bundled demo workspace: generated deterministically, then imported like
// any user's files (importing it again changes nothing).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_OPTIONS, generateWorkspace } from './generate';

export async function loadDemoWorkspace(dir: string, signal?: AbortSignal): Promise<string[]> {
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
