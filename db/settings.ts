import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Settings } from '../shared/api-types';
import { writeFileAtomic } from './fs-atomic';
import { defaultEngineer } from './paths';

/** Per-user settings (not per-store): who the engineer is. */
export function readSettings(path: string): Settings {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Settings>;
    return { engineer: typeof parsed.engineer === 'string' && parsed.engineer.trim() ? parsed.engineer.trim() : defaultEngineer() };
  } catch {
    return { engineer: defaultEngineer() };
  }
}

export function writeSettings(path: string, settings: Settings): Settings {
  mkdirSync(dirname(path), { recursive: true });
  const clean = { engineer: settings.engineer.trim() };
  writeFileAtomic(path, `${JSON.stringify(clean, null, 2)}\n`);
  return clean;
}
