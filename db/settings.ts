import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Settings } from '../shared/api-types';
import { writeFileAtomic } from './fs-atomic';
import { defaultEngineer } from './paths';

/**
 * Per-user settings (not per-store): who the engineer is. A name in the file
 * was saved by the engineer (only Settings writes it), so it is confirmed;
 * without one the OS user name is offered, not yet confirmed.
 */
export function readSettings(path: string): Settings {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Settings>;
    if (typeof parsed.engineer === 'string' && parsed.engineer.trim())
      return { engineer: parsed.engineer.trim(), confirmed: true };
  } catch {
    // No file yet (the first launch), or one that cannot be read: the default is offered.
  }
  return { engineer: defaultEngineer(), confirmed: false };
}

export function writeSettings(path: string, settings: { engineer: string }): Settings {
  mkdirSync(dirname(path), { recursive: true });
  const clean = { engineer: settings.engineer.trim() };
  writeFileAtomic(path, `${JSON.stringify(clean, null, 2)}\n`);
  return { ...clean, confirmed: true };
}
