// The bundled demo workspace: generated deterministically on first use, then
// imported like any user's files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_OPTIONS, generateWorkspace } from './generate';

export async function loadDemoWorkspace(dir: string, signal?: AbortSignal): Promise<string[]> {
  const workspace = await generateWorkspace(join(dir, 'workspace'), { ...DEMO_OPTIONS, signal });
  const paths = [workspace.dataset, workspace.runsDir];
  if (workspace.cells && existsSync(workspace.cells)) paths.push(workspace.cells);
  if (workspace.judges && existsSync(workspace.judges)) paths.push(workspace.judges);
  return paths;
}
