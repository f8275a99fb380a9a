// Writes another client makes to the store: a `rule` on the command line in
// another window, a second app, a script calling this app's bridge. The
// app's own writes are followed where they are made (refresh.ts,
// onJobFinished); the rest are noticed by the store's data version, asked
// every few seconds while the window is shown and at once when it gets the
// focus back. The version moves for the app's own writes too (a call that
// may write, or a job's end: onApiWrite), so after each one the next answer
// is taken as the new baseline, unless a write on another connection (which
// the app cannot have made) moved it too.
import { api, onApiWrite } from '../../api/client';
import { versionWatch } from '../../lib/version-watch';

/** How often the data version is asked while the window is shown. */
export const EXTERNAL_WRITES_POLL_MS = 2000;

/** Starts watching; returns what stops it. */
export function watchExternalWrites(onChange: () => void): () => void {
  const watch = versionWatch(() => api.getDataVersion({}), onChange);
  const tick = (): void => {
    if (!document.hidden) void watch.check();
  };
  const stopOwnWrites = onApiWrite(watch.adopt);
  tick();
  const timer = window.setInterval(tick, EXTERNAL_WRITES_POLL_MS);
  window.addEventListener('focus', tick);
  document.addEventListener('visibilitychange', tick);
  return () => {
    stopOwnWrites();
    window.clearInterval(timer);
    window.removeEventListener('focus', tick);
    document.removeEventListener('visibilitychange', tick);
  };
}
