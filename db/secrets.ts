// Where the GitHub token lives. The store never holds it: the environment
// (GITHUB_TOKEN) wins, else the host's keychain (Electron safeStorage), else
// memory for this session only.
import type { GitHubTokenState } from '../shared/report-types';

export interface SecretStore {
  /** 'keychain' when the host encrypts with the OS keychain. */
  readonly kind: 'keychain' | 'session';
  get(): string | null;
  set(value: string | null): void;
}

export function sessionSecretStore(): SecretStore {
  let token: string | null = null;
  return {
    kind: 'session',
    get: () => token,
    set: (value) => {
      token = value;
    },
  };
}

export function githubToken(secrets: SecretStore): { token: string | null; state: GitHubTokenState } {
  const fromEnv = process.env.GITHUB_TOKEN?.trim();
  if (fromEnv)
    return { token: fromEnv, state: { configured: true, source: 'env', keychain: secrets.kind === 'keychain' } };
  const stored = secrets.get();
  return {
    token: stored,
    state: {
      configured: stored !== null,
      source: stored !== null ? secrets.kind : null,
      keychain: secrets.kind === 'keychain',
    },
  };
}
