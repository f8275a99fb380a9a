// A real store with one settled change exported as v1.1, and the command line
// opening its own connection to it per command, as the installed CLI does.
import { join } from 'node:path';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { harness } from './harness';
import type { Harness } from './harness';

export interface OneChange {
  ws: GeneratedWorkspace;
  service: ServiceHandle;
  dir: string;
  /** The v1.1 patch (encrypted). */
  patch: string;
  cli: Harness;
}

export async function storeWithOneChange(prefix: string): Promise<OneChange> {
  const ws = await smallWorkspace();
  const service = freshService('mia');
  await service.importPaths(workspacePaths(ws));
  const cell = [...service.disputeRecords({ kind: 'cell' })].find((record) => record.gold.state === 'value')!;
  await service.rule({ disputeId: cell.id, decision: 'new_value', value: 'Zanzibar Quarterly Review' });
  const dir = tempDir(prefix);
  const patch = (await service.exportPatch({ revision: 'v1.1', out: join(dir, 'v1.1.patch.json') })).path;
  const cli = harness(
    () => openService({ dbPath: service.dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' }),
    { cwd: dir },
  );
  return { ws, service, dir, patch, cli };
}
