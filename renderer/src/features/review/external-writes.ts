// Writes another process makes to the store: a `rule` or an import on the
// command line in another window, a second app. The service's own writes
// are followed where they are made (refresh.ts, onJobFinished); these are
// noticed by the store's data version (SQLite's data_version, which moves
// when another connection commits), asked every few seconds while the window
// is shown and at once when it gets the focus back.
import { api } from '../../api/client';
import { versionWatch } from '../../lib/version-watch';

/** How often the data version is asked while the window is shown. */
export const EXTERNAL_WRITES_POLL_MS = 2000;

/** Starts watching; returns what stops it. */
export function watchExternalWrites(onChange: () => void): () => void {
  const watch = versionWatch(async () => (await api.getDataVersion({})).version, onChange);
  const tick = (): void => {
    if (!document.hidden) void watch.check();
  };
  tick();
  const timer = window.setInterval(tick, EXTERNAL_WRITES_POLL_MS);
  window.addEventListener('focus', tick);
  document.addEventListener('visibilitychange', tick);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', tick);
    document.removeEventListener('visibilitychange', tick);
  };
}
