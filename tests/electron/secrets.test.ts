import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keychainSecretStore } from '../../electron/secrets';
import type { SafeStorageLike } from '../../electron/secrets';

const reversing: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(plain, 'utf8').reverse(),
  decryptString: (encrypted) => Buffer.from(encrypted).reverse().toString('utf8'),
};

describe('GitHub token in the keychain', () => {
  it('keeps the token encrypted on disk and reads it back', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'nested', 'token.bin');
    const store = keychainSecretStore(reversing, file, 'darwin');
    expect(store.kind).toBe('keychain');
    expect(store.get()).toBeNull();
    store.set('ghp_example_token');
    expect(readFileSync(file).includes('ghp_example_token')).toBe(false);
    expect(keychainSecretStore(reversing, file, 'darwin').get()).toBe('ghp_example_token');
    store.set(null);
    expect(existsSync(file)).toBe(false);
  });

  it('falls back to memory only when the keychain is unavailable', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'token.bin');
    const store = keychainSecretStore({ ...reversing, isEncryptionAvailable: () => false }, file);
    expect(store.kind).toBe('session');
    store.set('ghp_example_token');
    expect(store.get()).toBe('ghp_example_token');
    expect(existsSync(file)).toBe(false);
  });

  it('uses a Linux keyring found by safeStorage', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'token.bin');
    const store = keychainSecretStore(
      { ...reversing, getSelectedStorageBackend: () => 'gnome_libsecret' },
      file,
      'linux',
    );
    expect(store.kind).toBe('keychain');
    store.set('ghp_example_token');
    expect(existsSync(file)).toBe(true);
  });

  it('treats Linux without a keyring (basic_text, a fixed password) as no keychain: session only, old file dropped', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'token.bin');
    writeFileSync(file, reversing.encryptString('ghp_left_by_an_older_build'));
    const store = keychainSecretStore({ ...reversing, getSelectedStorageBackend: () => 'basic_text' }, file, 'linux');
    expect(store.kind).toBe('session');
    expect(existsSync(file)).toBe(false);
    store.set('ghp_example_token');
    expect(store.get()).toBe('ghp_example_token');
    expect(existsSync(file)).toBe(false);
  });

  it('does not trust a Linux backend it cannot name', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'token.bin');
    expect(keychainSecretStore(reversing, file, 'linux').kind).toBe('session');
    expect(keychainSecretStore({ ...reversing, getSelectedStorageBackend: () => 'unknown' }, file, 'linux').kind).toBe(
      'session',
    );
  });
});
