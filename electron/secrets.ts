// The GitHub token in the desktop app: encrypted with the OS keychain through
// Electron's safeStorage and kept beside the settings, never in the store and
// never in plain text. Without a usable keychain it lives in memory only.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SecretStore } from '../db/secrets';
import { sessionSecretStore } from '../db/secrets';

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which secret store safeStorage found (valid once the app is ready). */
  getSelectedStorageBackend?(): string;
}

/**
 * Whether safeStorage is backed by a real keychain. On Linux without a
 * Secret Service or KWallet it falls back to 'basic_text', which encrypts
 * with a password hard-coded in Chromium: anyone who can read the file can
 * decrypt it, so that is no keychain at all.
 */
export function hasRealKeychain(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
  return backend !== 'basic_text' && backend !== 'unknown';
}

export function keychainSecretStore(
  safeStorage: SafeStorageLike,
  file: string,
  platform: NodeJS.Platform = process.platform,
): SecretStore {
  if (!hasRealKeychain(safeStorage, platform)) {
    // A token left by a build that trusted basic_text is as good as plain text: drop it.
    rmSync(file, { force: true });
    return sessionSecretStore();
  }
  return {
    kind: 'keychain',
    get: () => {
      if (!existsSync(file)) return null;
      try {
        return safeStorage.decryptString(readFileSync(file));
      } catch {
        return null;
      }
    },
    set: (value) => {
      if (value === null) {
        rmSync(file, { force: true });
        return;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, safeStorage.encryptString(value), { mode: 0o600 });
    },
  };
}
