// The bridge's per-launch token arrives in the URL fragment (#token=…), which
// is never sent to a server. Take it, then clear it from the address bar so it
// is not shown, bookmarked or shared by accident. sessionStorage keeps it for
// a reload of this tab only.

const STORAGE_KEY = 'atlas-adjudicator.token';

export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export function takeToken(env: TokenEnvironment): string | null {
  const params = new URLSearchParams(env.location.hash.replace(/^#/, ''));
  const fromHash = params.get('token');
  if (fromHash) {
    params.delete('token');
    const rest = params.toString();
    env.history.replaceState(null, '', `${env.location.pathname}${env.location.search}${rest ? `#${rest}` : ''}`);
    env.storage?.setItem(STORAGE_KEY, fromHash);
    return fromHash;
  }
  return env.storage?.getItem(STORAGE_KEY) ?? null;
}
