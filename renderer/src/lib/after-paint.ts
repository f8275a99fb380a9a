/** The longest a background task waits behind other work: the grid must not fall visibly behind. */
const BACKGROUND_WAIT_MS = 100;

/**
 * Runs `task` in a task of its own once the next frame is painted: work that
 * must not hold up what this frame shows (a rAF callback alone would run
 * before its paint). `background`: after the other tasks then waiting too
 * (a key already pressed goes first), yet within BACKGROUND_WAIT_MS.
 */
export function afterPaint(task: () => void, priority: 'normal' | 'background' = 'normal'): void {
  window.requestAnimationFrame(() => {
    if (priority === 'normal' || typeof window.scheduler === 'undefined') {
      window.setTimeout(task, 0);
      return;
    }
    let done = false;
    const runOnce = () => {
      if (done) return;
      done = true;
      task();
    };
    void window.scheduler.postTask(runOnce, { priority: 'background' });
    window.setTimeout(runOnce, BACKGROUND_WAIT_MS);
  });
}
