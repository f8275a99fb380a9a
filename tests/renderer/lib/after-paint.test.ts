// Work put off until the next frame is painted: a task of its own after the
// frame; in the background, behind tasks already waiting, yet never late.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { afterPaint } = await import('../../../renderer/src/lib/after-paint');

/** The page: frames on request, and a scheduler whose background tasks run when the test says. */
const page = { frames: [] as (() => void)[], background: [] as (() => void)[] };

beforeEach(() => {
  vi.useFakeTimers();
  page.frames = [];
  page.background = [];
  vi.stubGlobal('window', {
    requestAnimationFrame: (callback: () => void) => page.frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    scheduler: { postTask: (task: () => void) => (page.background.push(task), Promise.resolve()) },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function paintFrame(): void {
  for (const callback of page.frames.splice(0)) callback();
}

/** A background task put off after the next frame, that frame painted: what it has run so far. */
function backgroundTaskAfterFrame(): string[] {
  const ran: string[] = [];
  afterPaint(() => ran.push('task'), 'background');
  paintFrame();
  return ran;
}

function runBackgroundTasks(): void {
  for (const task of page.background.splice(0)) task();
}

describe('afterPaint', () => {
  it('runs in a task after the next frame, never before it', () => {
    const ran: string[] = [];
    afterPaint(() => ran.push('task'));
    vi.advanceTimersByTime(50);
    expect(ran).toEqual([]);
    paintFrame();
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['task']);
  });

  it('in the background, runs once, when the scheduler gets to it', () => {
    const ran = backgroundTaskAfterFrame();
    vi.advanceTimersByTime(10);
    expect(ran).toEqual([]);
    runBackgroundTasks();
    expect(ran).toEqual(['task']);
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual(['task']);
  });

  it('in the background, still runs within a tenth of a second when other work holds the scheduler', () => {
    const ran = backgroundTaskAfterFrame();
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['task']);
    runBackgroundTasks();
    expect(ran).toEqual(['task']);
  });
});
