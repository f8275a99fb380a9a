// The renderer in headless Chromium against browser mode (the loopback
// bridge of cli/server.ts), with the big store: first grid row, next
// dispute (keypress to panel painted), scroll to the last row, JS heap.
// Times are taken inside the page (performance.now), so CDP round trips
// are not counted; "painted" is the first task after the next frame.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { startServer } from '../cli/server';
import { launchBenchBrowser } from './bench-browser';
import { BENCH_DIR, REPO_ROOT } from './paths';
import { ARM_NEXT_DISPUTE, armViewSwitch, scrollToLastScript } from './page-probes';
import { median, percentile } from './stats';

export interface UiFigures {
  firstRowMs: number;
  /** Keydown to the next dispute's panel painted, frames made on demand: the app's own latency. */
  nextP50: number;
  nextP95: number;
  /** The same with frames at the display's 60 Hz: the app's latency plus the wait for the next frame. */
  nextVsyncP50: number;
  nextVsyncP95: number;
  /**
   * The floor beside it, frames on demand: the same panels the app showed, each put in place by one
   * plain DOM replacement (no React, the grid still): what this browser takes to show them at all.
   */
  floorP50: number;
  floorP95: number;
  /** Keydown to the queue's row of that dispute highlighted and painted (the grid follows the panel), frames on demand. */
  gridP50: number;
  gridP95: number;
  presses: number;
  scrollLastMs: number;
  heapBytes: number;
  /** Alt+digit to the new view painted: Queue, Reports and Export (p50, p95), and Stats with its data (p50, p95). */
  tabP50: number;
  tabP95: number;
  statsP50: number;
  statsP95: number;
  switches: number;
}

/** The views switched through with Alt+digit, each with what shows it painted with its data. */
export const VIEW_ROUND = [
  { key: 'Alt+3', name: 'reports', selector: '.reports-page' },
  { key: 'Alt+4', name: 'stats', selector: '.stats-head' },
  { key: 'Alt+5', name: 'export', selector: '.release-nav' },
  { key: 'Alt+1', name: 'queue', selector: '.review .ag-grid-scrolling-container .ag-row:not(.ag-row-loading)' },
] as const;

/** Presses the view's key; ms from the keydown until its content with data is painted. */
export async function switchView(page: Page, view: (typeof VIEW_ROUND)[number]): Promise<number> {
  await page.evaluate(armViewSwitch(view.selector));
  await page.keyboard.press(view.key);
  return page.evaluate<number>('window.__view');
}

/**
 * Builds the renderer into .bench/renderer on every run: always the current
 * sources, and never racing other builds of the shared dist/ folder. A build
 * that fails (someone's half-saved file) falls back to the last good one, said so.
 */
export function buildRenderer(log: (line: string) => void, mode: 'production' | 'profiling' = 'production'): string {
  const name = mode === 'production' ? 'renderer' : `renderer-${mode}`;
  const outDir = join(BENCH_DIR, name);
  const next = join(BENCH_DIR, `${name}-next`);
  log(`building the renderer (vite build --mode ${mode}) …`);
  try {
    execFileSync(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--mode',
        mode,
        '--outDir',
        next,
        '--emptyOutDir',
      ],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  } catch (error) {
    if (!existsSync(join(outDir, 'index.html'))) throw error;
    const reason =
      String((error as { stderr?: Buffer }).stderr ?? error)
        .split('\n')
        .find((line) => /error/iu.test(line)) ?? 'failed';
    log(`  the build failed (${reason.trim()}): measuring the previous build in ${outDir}`);
    return outDir;
  }
  rmSync(outDir, { recursive: true, force: true });
  renameSync(next, outDir);
  return outDir;
}

async function poll<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms (last value ${String(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function measureUi(
  dbPath: string,
  total: number,
  presses: number,
  log: (line: string) => void,
): Promise<UiFigures> {
  const rendererDir = buildRenderer(log);
  // In this process: the bench only awaits the browser meanwhile, so the server has the event loop to itself.
  const bridge = await startServer({ dbPath, port: 0, engineer: 'bench', rendererDir });
  const browser = await launchBenchBrowser();
  try {
    const { page } = browser;
    // The first load warms the bridge's page cache and the HTTP cache; the next three are measured.
    const loads: number[] = [];
    for (let i = 0; i < 4; i++) {
      await page.goto(i === 0 ? bridge.url : `${bridge.origin}/?r=${i}${new URL(bridge.url).hash}`, {
        waitUntil: 'commit',
      });
      // Polled with evaluate: waitForFunction compiles its predicate in the page, which the CSP forbids.
      const firstRow = await poll(
        () => page.evaluate<number | null>('window.__bench ? window.__bench.firstRow : null'),
        (v) => v !== null && v > 0,
      );
      if (i > 0) loads.push(firstRow!);
    }
    log(`  first row: ${loads.map((ms) => ms.toFixed(0)).join(', ')} ms`);

    const vsync = await measureNextDispute(page, presses, log, 'frames at 60 Hz');

    // The first round loads the lazy views and their data; the later ones are what an engineer meets all day.
    const tabs: number[] = [];
    const stats: number[] = [];
    const rounds = Math.max(3, Math.round(presses / 10));
    for (let round = 0; round < rounds + 1; round++) {
      for (const view of VIEW_ROUND) {
        const ms = await switchView(page, view);
        if (round === 0) continue;
        (view.name === 'stats' ? stats : tabs).push(ms);
      }
    }
    log(
      `  views: tab switch p50 ${median(tabs).toFixed(1)} ms, p95 ${percentile(tabs, 95).toFixed(1)} ms; Stats p50 ${median(stats).toFixed(1)} ms, p95 ${percentile(stats, 95).toFixed(1)} ms`,
    );

    const scrollLastMs = await page.evaluate<number>(scrollToLastScript(total - 1));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    const { onDemand, grid, floor } = await nextDisputeOnDemand(bridge.url, presses, log);
    return {
      firstRowMs: median(loads),
      nextP50: median(onDemand),
      nextP95: percentile(onDemand, 95),
      floorP50: median(floor),
      floorP95: percentile(floor, 95),
      // A press the grid never followed makes the figure NaN: printed, not hidden in a percentile.
      gridP50: grid.some(Number.isNaN) ? NaN : median(grid),
      gridP95: grid.some(Number.isNaN) ? NaN : percentile(grid, 95),
      nextVsyncP50: median(vsync),
      nextVsyncP95: percentile(vsync, 95),
      presses: onDemand.length,
      scrollLastMs,
      heapBytes: heap.usedSize,
      tabP50: median(tabs),
      tabP95: percentile(tabs, 95),
      statsP50: median(stats),
      statsP95: percentile(stats, 95),
      switches: tabs.length + stats.length,
    };
  } finally {
    await browser.close();
    await bridge.close();
  }
}

/** One press as `__next` (page-probes.ts) measures it: ms from keydown to painted, split at its request. */
export interface NextPress {
  start: number;
  end: number;
  total: number;
  select: number;
  request: number;
  render: number;
}

/** Ms from the last press's keydown until the queue's row of the dispute it showed is highlighted and painted. */
export function gridFollowed(page: Page): Promise<number> {
  return page.evaluate<number>('window.__gridNext');
}

/**
 * Presses come at the keyboard's repeat rate at most (30 a second, j held down): the fastest an
 * engineer presses. Back to back, each would land in the work the last one left for after its paint.
 */
const PRESS_PERIOD_MS = 1000 / 30;

/** Each page's last keydown (its performance.now), to space the next press from. */
const lastKeydown = new WeakMap<Page, number>();

/** Presses j, PRESS_PERIOD_MS after the last press at least, and waits until the next dispute's panel is painted. */
export async function pressNextDispute(page: Page): Promise<NextPress> {
  const last = lastKeydown.get(page);
  if (last !== undefined) {
    const since = await page.evaluate<number>(`performance.now() - ${last}`);
    if (since < PRESS_PERIOD_MS) await sleep(PRESS_PERIOD_MS - Math.max(0, since));
  }
  await page.evaluate(ARM_NEXT_DISPUTE);
  await page.keyboard.press('j');
  const next = await page.evaluate<NextPress>('window.__next');
  lastKeydown.set(page, next.start);
  return next;
}

/**
 * `presses` presses of j after three unmeasured ones, as `__next` (page-probes.ts) measures them.
 * `panels`: collects the panel (outerHTML) shown after each; `grid`: collects ms until the grid
 * followed (and waits for it before the next press).
 */
async function pressesMeasured(
  page: Page,
  presses: number,
  options: { panels?: string[]; grid?: number[] },
): Promise<NextPress[]> {
  const { panels, grid } = options;
  await page.waitForSelector('.panel-scroll', { timeout: 30_000 });
  const measured: NextPress[] = [];
  for (let i = 0; i < presses + 3; i++) {
    const next = await pressNextDispute(page);
    const followed = grid ? await gridFollowed(page) : NaN;
    if (i < 3) continue;
    measured.push(next);
    if (grid) grid.push(followed);
    panels?.push(await page.evaluate<string>(`document.querySelector('.panel').outerHTML`));
  }
  return measured;
}

function spread(times: readonly number[]): string {
  return `p50 ${median(times).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`;
}

/** What the presses that needed a request spent where; presses served from the panel's prefetch cache make none. */
function requestSplit(presses: readonly NextPress[]): string {
  const fetched = presses.filter((press) => !Number.isNaN(press.select));
  if (fetched.length === 0) return `    every press served without a request (prefetched)`;
  const split = (part: 'select' | 'request' | 'render') => median(fetched.map((press) => press[part])).toFixed(1);
  return `    ${fetched.length} of ${presses.length} presses waited for a request; their p50 keydown→request ${split('select')} ms, request ${split('request')} ms, response→painted ${split('render')} ms`;
}

/**
 * `presses` presses of j after three unmeasured ones: ms from keydown until the next dispute's panel
 * is painted, logged with where the requests' time went.
 */
async function measureNextDispute(
  page: Page,
  presses: number,
  log: (line: string) => void,
  frames: string,
): Promise<number[]> {
  const measured = await pressesMeasured(page, presses, {});
  const times = measured.map((press) => press.total);
  log(`  next dispute (${frames}): ${spread(times)}`);
  log(requestSplit(measured));
  return times;
}

/** Blocks the on-demand presses are measured in, app and floor in turn, so both see the same machine. */
const ROUNDS = 4;

/**
 * Chromium with frames made as soon as something changed (no frame-rate limit, no vsync): keydown to
 * painted is then the app's own work. At 60 Hz a frame also waits up to 16.7 ms for the display's
 * next refresh, whatever the app does; that figure is measured beside it.
 *
 * The app and its floor are measured in the same page in alternating blocks (app, floor; floor, app;
 * …), each floor block putting in place panels the app showed: this machine's speed drifts within a
 * run, and a floor measured only after the app once printed the app at 1.47× it and, minutes later,
 * at 1.03×.
 */
async function nextDisputeOnDemand(
  url: string,
  presses: number,
  log: (line: string) => void,
): Promise<{ onDemand: number[]; grid: number[]; floor: number[] }> {
  const browser = await launchBenchBrowser({ extraArgs: ['--disable-frame-rate-limit', '--disable-gpu-vsync'] });
  try {
    const { page } = browser;
    await page.goto(url, { waitUntil: 'commit' });
    await page.evaluate(FLOOR_SWITCH);
    const app: NextPress[] = [];
    const grid: number[] = [];
    const floor: number[] = [];
    const block = Math.ceil(presses / ROUNDS);
    let panels: string[] = [];
    const appBlock = async (): Promise<void> => {
      panels = [];
      app.push(...(await pressesMeasured(page, block, { panels, grid })));
    };
    const floorBlock = async (): Promise<void> => {
      await page.evaluate(`window.__floor.on(${JSON.stringify(panels)})`);
      floor.push(...(await pressesMeasured(page, block, {})).map((press) => press.total));
      await page.evaluate('window.__floor.off()');
    };
    for (let round = 0; round < ROUNDS; round++) {
      // The first round has no panels yet: the app goes first there, and in every other round.
      if (round % 2 === 0) {
        await appBlock();
        await floorBlock();
      } else {
        await floorBlock();
        await appBlock();
      }
    }
    const onDemand = app.map((press) => press.total);
    log(
      `  next dispute (frames on demand; ${ROUNDS} blocks of ${block}, alternated with the floor's): ${spread(onDemand)}`,
    );
    log(requestSplit(app));
    const neverFollowed = grid.filter((ms) => Number.isNaN(ms)).length;
    log(
      neverFollowed > 0
        ? `    the grid's row never highlighted after ${neverFollowed} of ${grid.length} presses`
        : `    the grid's row highlighted and painted: p50 ${median(grid).toFixed(1)} ms, p95 ${percentile(grid, 95).toFixed(1)} ms`,
    );
    log(`  next dispute (floor: the same panels by plain DOM): ${spread(floor)}`);
    return { onDemand, grid, floor };
  } finally {
    await browser.close();
  }
}

/**
 * Installs window.__floor: `on(panels)` takes j from the app (the grid stays still) and makes each
 * press replace the panel with the next of `panels` (outerHTML), renamed so the probe sees a new
 * dispute: one DOM operation, no React; `off()` puts the app's own panel back and gives j back.
 */
const FLOOR_SWITCH = `(() => {
  let panels = [];
  let shown = 0;
  let on = false;
  let apps = null;
  document.addEventListener('keydown', (event) => {
    if (!on) return;
    event.stopPropagation();
    event.preventDefault();
    const template = document.createElement('template');
    template.innerHTML = panels[++shown % panels.length];
    const panel = template.content.firstElementChild;
    panel.setAttribute('data-dispute', 'floor-' + shown);
    document.querySelector('.panel').replaceWith(panel);
  }, { capture: true });
  window.__floor = {
    on(list) { panels = list; shown = 0; apps = document.querySelector('.panel'); on = true; },
    off() { on = false; document.querySelector('.panel').replaceWith(apps); },
  };
})()`;

/** The floor for good in this page (FLOOR_SWITCH, switched on with `panels`). */
export function swapPanelsScript(panels: readonly string[]): string {
  return `${FLOOR_SWITCH}; window.__floor.on(${JSON.stringify(panels)})`;
}
