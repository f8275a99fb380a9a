// Holding one API call of the page until the test lets it go, to land a click
// in the moment between a request and its answer (as a loaded machine would).
import type { Page } from 'playwright-core';

export interface HeldRoute {
  /** How many requests reached the route so far. */
  readonly calls: number;
  /** Lets every held request (and any later one) through. */
  release(): void;
  /** Releases, then stops routing. */
  dispose(): Promise<void>;
}

export async function holdRoute(page: Page, pattern: string): Promise<HeldRoute> {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  let disposed = false;
  const inFlight = new Set<Promise<void>>();
  await page.route(pattern, async (route) => {
    calls++;
    const handled = (async () => {
      await released;
      try {
        await route.continue();
      } catch (error) {
        // A request that raced the unrouting was let through by Playwright itself.
        if (!disposed) throw error;
      }
    })();
    inFlight.add(handled);
    try {
      await handled;
    } finally {
      inFlight.delete(handled);
    }
  });
  return {
    get calls() {
      return calls;
    },
    release,
    async dispose() {
      release();
      await Promise.allSettled([...inFlight]);
      disposed = true;
      await page.unroute(pattern);
    },
  };
}
