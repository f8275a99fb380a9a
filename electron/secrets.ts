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
}

export function keychainSecretStore(safeStorage: SafeStorageLike, file: string): SecretStore {
  if (!safeStorage.isEncryptionAvailable()) return sessionSecretStore();
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
