import { readFileSync, existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
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
    const store = keychainSecretStore(reversing, file);
    expect(store.kind).toBe('keychain');
    expect(store.get()).toBeNull();
    store.set('ghp_example_token');
    expect(readFileSync(file).includes('ghp_example_token')).toBe(false);
    expect(keychainSecretStore(reversing, file).get()).toBe('ghp_example_token');
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
});
