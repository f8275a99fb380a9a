import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The per-user folder the app keeps its store and settings in. */
export function userDataDir(): string {
  if (process.env.ATLAS_ADJUDICATOR_HOME) return process.env.ATLAS_ADJUDICATOR_HOME;
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'atlas-adjudicator');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'atlas-adjudicator');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'atlas-adjudicator');
}

/** `$ATLAS_ADJUDICATOR_DB`, else the same per-user file the app uses. */
export function defaultDbPath(): string {
  return process.env.ATLAS_ADJUDICATOR_DB ?? join(userDataDir(), 'atlas.sqlite');
}

export function defaultSettingsPath(): string {
  return join(userDataDir(), 'settings.json');
}

export function defaultEngineer(): string {
  if (process.env.ATLAS_ADJUDICATOR_ENGINEER) return process.env.ATLAS_ADJUDICATOR_ENGINEER;
  try {
    return userInfo().username || 'engineer';
  } catch {
    return 'engineer';
  }
}
