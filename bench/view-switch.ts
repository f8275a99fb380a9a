// `npx tsx bench/view-switch.ts --db STORE [--renderer DIR] [--rounds N] [--profile] [--trace FILE]`:
// only the view switches of the UI figures (Alt+digit through Reports, Stats,
// Export and back to the Queue), against a store you give it (a copy: the
// bridge migrates what it opens). Prints, per view, the time to painted and
// the main thread's work per switch (CDP Performance metrics: script, style,
// layout, all tasks), so runs on a loaded machine compare by work, not only
// by wall clock. --profile adds the JS functions with the most self time per
// view (build the renderer unminified for names: `vite build --minify false`);
// --trace writes a Chrome trace of the measured rounds for the DevTools
// Performance panel.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CDPSession } from 'playwright-core';
import { startServer } from '../cli/server';
import { launchBenchBrowser } from './bench-browser';
import { median } from './stats';
import { buildRenderer, switchView, VIEW_ROUND } from './ui-figures';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    renderer: { type: 'string' },
    rounds: { type: 'string' },
    profile: { type: 'boolean' },
    trace: { type: 'string' },
  },
});
if (values.db == null) throw new Error('--db STORE is required (a copy of a store)');
const rounds = Number(values.rounds ?? 5);
const log = (line: string) => console.log(line);

type Metrics = Record<string, number>;
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Self time (ms) per function of one CPU profile. */
function selfTimes(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    out.set(key, (out.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  return out;
}

const rendererDir = values.renderer ?? buildRenderer(log);
const bridge = await startServer({ dbPath: values.db, port: 0, engineer: 'bench', rendererDir });
const browser = await launchBenchBrowser();
try {
  const { page } = browser;
  await page.goto(bridge.url, { waitUntil: 'commit' });
  await page.waitForSelector('.review .ag-grid-scrolling-container .ag-row:not(.ag-row-loading)', { timeout: 120_000 });
  await page.waitForSelector('.panel-scroll', { timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (values.profile === true) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  }

  // Round 0 loads the lazy views and their data first: not counted.
  const perView = new Map<string, { ms: number[]; work: Metrics[]; self: Map<string, number> }>();
  for (let round = 0; round < rounds + 1; round++) {
    if (round === 1 && values.trace != null)
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing',
        transferMode: 'ReturnAsStream',
      });
    for (const view of VIEW_ROUND) {
      const before = await metrics(cdp);
      if (values.profile === true && round > 0) await cdp.send('Profiler.start');
      const ms = await switchView(page, view);
      // Work that follows the paint (charts drawn a frame later) belongs to the switch too.
      await page.evaluate('new Promise((r) => setTimeout(r, 300))');
      const profile =
        values.profile === true && round > 0
          ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile
          : null;
      const after = await metrics(cdp);
      if (round === 0) continue;
      const entry = perView.get(view.name) ?? { ms: [], work: [], self: new Map<string, number>() };
      entry.ms.push(ms);
      entry.work.push(
        Object.fromEntries(
          ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'].map((k) => [
            k,
            (after[k]! - before[k]!) * 1000,
          ]),
        ),
      );
      if (profile) for (const [k, v] of selfTimes(profile)) entry.self.set(k, (entry.self.get(k) ?? 0) + v);
      perView.set(view.name, entry);
    }
  }
  if (values.trace != null) {
    const done = new Promise<string>((resolve) =>
      cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream ?? '')),
    );
    await cdp.send('Tracing.end');
    const stream = await done;
    let text = '';
    for (;;) {
      const chunk = (await cdp.send('IO.read', { handle: stream })) as { data: string; eof: boolean };
      text += chunk.data;
      if (chunk.eof) break;
    }
    writeFileSync(values.trace, text);
    log(`trace written to ${values.trace}`);
  }

  const p50 = (xs: number[]) => median(xs).toFixed(1);
  log(`view      painted p50 (ms)  work per switch p50 (ms): script / style / layout / all tasks   [${rounds} rounds]`);
  for (const [name, entry] of perView) {
    const col = (k: string) => p50(entry.work.map((w) => w[k]!));
    log(
      `${name.padEnd(9)} ${p50(entry.ms).padStart(8)} (${entry.ms.map((m) => m.toFixed(0)).join(' ')})   ${col('ScriptDuration')} / ${col('RecalcStyleDuration')} / ${col('LayoutDuration')} / ${col('TaskDuration')}`,
    );
    if (values.profile === true) {
      const top = [...entry.self].sort((a, b) => b[1] - a[1]).slice(0, 12);
      for (const [fn, ms] of top) log(`            ${(ms / rounds).toFixed(1).padStart(6)} ms  ${fn}`);
    }
  }
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  log(`JS heap ${(heap.usedSize / 1024 ** 2).toFixed(1)} MiB`);
} finally {
  await browser.close();
  await bridge.close();
}
