// The release desk's paths — the dataset file, the last patch and its
// revision — remembered per store, so Apply is prefilled when the app is
// opened again. The store knows only where its dataset was imported from
// (StoreInfo.dataset_path, the fallback), not which patch was last exported
// or applied, so these live in the browser profile's storage, keyed by the
// store's path. Storage is passed in: tests give a fake, and a profile
// without storage just remembers nothing.

export interface ReleasePaths {
  dataset: string;
  patchPath: string;
  /** The revision the patch at patchPath was exported as: names the revised dataset. */
  revision: string;
}

export type PathStorage = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'atlas-adjudicator.release-paths';

type Remembered = Record<string, Partial<ReleasePaths>>;

function readAll(storage: PathStorage): Remembered {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    return parsed != null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Remembered) : {};
  } catch {
    return {};
  }
}

/** What was remembered for this store; only string fields, whatever the storage holds. */
export function rememberedPaths(storage: PathStorage | null, storePath: string): Partial<ReleasePaths> {
  if (!storage || storePath === '') return {};
  const entry = readAll(storage)[storePath];
  if (entry == null || typeof entry !== 'object') return {};
  const out: Partial<ReleasePaths> = {};
  for (const key of ['dataset', 'patchPath', 'revision'] as const) {
    const value: unknown = entry[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

export function rememberPaths(storage: PathStorage | null, storePath: string, paths: Partial<ReleasePaths>): void {
  if (!storage || storePath === '') return;
  const all = readAll(storage);
  all[storePath] = { ...all[storePath], ...paths };
  try {
    storage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: the paths are a convenience, never worth an error.
  }
}

/** The page's localStorage, or null where the profile refuses it. */
export function pageStorage(): PathStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
