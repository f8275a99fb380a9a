import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';

/** An environment variable's value; set to the empty string counts as unset (as shells and the XDG spec treat it). */
function fromEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** The per-user folder the app keeps its store and settings in. */
export function userDataDir(): string {
  const home = fromEnv('ATLAS_ADJUDICATOR_HOME');
  if (home !== undefined) return home;
  if (process.platform === 'win32')
    return join(fromEnv('APPDATA') ?? join(homedir(), 'AppData', 'Roaming'), 'atlas-adjudicator');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'atlas-adjudicator');
  return join(fromEnv('XDG_DATA_HOME') ?? join(homedir(), '.local', 'share'), 'atlas-adjudicator');
}

/** `$ATLAS_ADJUDICATOR_DB`, else the same per-user file the app uses. */
export function defaultDbPath(): string {
  // An empty path would open SQLite's temporary database: everything written would be thrown away.
  return fromEnv('ATLAS_ADJUDICATOR_DB') ?? join(userDataDir(), 'atlas.sqlite');
}

export function defaultSettingsPath(): string {
  return join(userDataDir(), 'settings.json');
}

/** `$ATLAS_ADJUDICATOR_ENGINEER` without spaces around it, or undefined when unset or blank. */
export function engineerFromEnv(): string | undefined {
  return fromEnv('ATLAS_ADJUDICATOR_ENGINEER')?.trim();
}

export function defaultEngineer(): string {
  const engineer = engineerFromEnv();
  if (engineer !== undefined) return engineer;
  try {
    return userInfo().username || 'engineer';
  } catch {
    return 'engineer';
  }
}
