// The "next dispute" press traced in the production build with frames on
// demand, beside its floor (the same panels put in place by plain DOM, the
// grid still) and with the queue's grid hidden: main-thread time per press
// by rendering step, so what the app adds over the browser's own cost shows
// step by step, and how much of it is the grid's.
import type { Page } from 'playwright-core';
import { startServer } from '../cli/server';
import { launchBenchBrowser } from './bench-browser';
import { median } from './stats';
import { buildRenderer, pressNextDispute, swapPanelsScript, type NextPress } from './ui-figures';
import { BUCKETS, bucketOf, endTrace, pressWindows, selfTimes, type TraceEvent } from './ui-trace';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel'];
const ON_DEMAND = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];
/** The rendering steps shown one by one, besides the buckets. */
const STEPS = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];
const HIDE_GRID = `document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '.ag-root-wrapper { display: none !important; }';
  document.head.append(style);
});`;

interface Pass {
  /** Each press's own main-thread time (ms) per trace event name. */
  perPress: Map<string, number>[];
  /** Keydown to painted, ms, as the probe measured it. */
  totals: number[];
}

/** `presses` presses traced; `afterEach` runs between them, once the probe has resolved. */
async function tracedPresses(page: Page, presses: number, afterEach?: () => Promise<void>): Promise<Pass> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReturnAsStream' });
    const measured: NextPress[] = [];
    for (let i = 0; i < presses; i++) {
      measured.push(await pressNextDispute(page));
      await afterEach?.();
    }
    const parsed = JSON.parse(await endTrace(cdp)) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const { thread, pressed } = pressWindows(Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []), measured);
    return { perPress: selfTimes(thread, pressed), totals: measured.map((press) => press.total) };
  } finally {
    await cdp.detach();
  }
}

/** Mean ms per press of the events `pick` selects. */
function meanOf(pass: Pass, pick: (name: string) => boolean): number {
  const sums = pass.perPress.map((m) => [...m].filter(([name]) => pick(name)).reduce((sum, [, ms]) => sum + ms, 0));
  return sums.reduce((a, b) => a + b, 0) / Math.max(1, sums.length);
}

export async function traceBesideFloor(dbPath: string, presses: number, log: (line: string) => void): Promise<void> {
  const rendererDir = buildRenderer(log, 'production');
  const bridge = await startServer({ dbPath, port: 0, engineer: 'bench', rendererDir });
  try {
    let app: Pass;
    let floor: Pass;
    const shown = await launchBenchBrowser({ extraArgs: ON_DEMAND });
    try {
      const { page } = shown;
      await page.goto(bridge.url, { waitUntil: 'commit' });
      await page.waitForSelector('.panel-scroll', { timeout: 60_000 });
      for (let i = 0; i < 10; i++) await pressNextDispute(page);
      const panels: string[] = [];
      app = await tracedPresses(page, presses, async () => {
        panels.push(await page.evaluate<string>(`document.querySelector('.panel').outerHTML`));
      });
      await page.evaluate(swapPanelsScript(panels));
      floor = await tracedPresses(page, presses);
    } finally {
      await shown.close();
    }
    let gridHidden: Pass;
    const hidden = await launchBenchBrowser({ extraArgs: ON_DEMAND }, HIDE_GRID);
    try {
      await hidden.page.goto(bridge.url, { waitUntil: 'commit' });
      await hidden.page.waitForSelector('.panel-scroll', { timeout: 60_000, state: 'attached' });
      for (let i = 0; i < 10; i++) await pressNextDispute(hidden.page);
      gridHidden = await tracedPresses(hidden.page, presses);
    } finally {
      await hidden.close();
    }
    const passes: [string, Pass][] = [
      ['app', app],
      ['grid hidden', gridHidden],
      ['floor', floor],
    ];

    const row = (label: string, values: number[]) =>
      `    ${label.padEnd(24)}${values.map((v) => v.toFixed(2).padStart(13)).join('')}`;
    log(
      `  next dispute, production build, frames on demand: main thread per press (mean ms over ${presses}), beside the same panels by plain DOM`,
    );
    log(`    ${''.padEnd(24)}${passes.map(([name]) => name.padStart(13)).join('')}`);
    for (const bucket of BUCKETS)
      log(
        row(
          bucket,
          passes.map(([, pass]) => meanOf(pass, (name) => bucketOf(name) === bucket)),
        ),
      );
    for (const step of STEPS)
      log(
        row(
          `  ${step}`,
          passes.map(([, pass]) => meanOf(pass, (name) => name === step)),
        ),
      );
    log(
      row(
        'busy',
        passes.map(([, pass]) => meanOf(pass, () => true)),
      ),
    );
    log(
      row(
        'keydown → painted, p50',
        passes.map(([, pass]) => median(pass.totals)),
      ),
    );
  } finally {
    await bridge.close();
  }
}
