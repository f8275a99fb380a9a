// Ruling logs (*.rulings.jsonl): write this store's rulings for other
// engineers, and merge theirs. Merging changes statuses and statistics.
import type { RulingLogExport, RulingLogImport } from '../../../../shared/api-types';
import { api } from '../../api/client';
import { refreshEverything } from '../review/refresh';

export function parsePaths(text: string): string[] {
  return text
    .split('\n')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** `overwrite`: the engineer said an existing file that is no ruling log may be replaced. */
export function writeRulingLog(out: string, plaintext: boolean, overwrite = false): Promise<RulingLogExport> {
  return api.exportRulings({ out, plaintext, overwrite });
}

export async function mergeRulingLogs(paths: string[]): Promise<RulingLogImport> {
  const result = await api.importRulings({ paths });
  if (result.added > 0) await refreshEverything();
  return result;
}
