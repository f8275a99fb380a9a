// `npm run bench -- --trace`: where a "next dispute" press spends its time.
// The renderer is built with React's profiling build; a run of `j` presses is
// recorded as a Chrome performance trace (written to .bench/, open it in
// DevTools' Performance panel), and each press's main-thread time, from its
// keydown to the next dispute's panel painted, is split into script (React's
// render time and each component's share beside it), style, layout, paint and
// GC, with the JavaScript functions that took the most of it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { startServer } from '../cli/server';
import { launchBenchBrowser } from './bench-browser';
import { INSTALL_REACT_HOOK } from './page-probes';
import { BENCH_DIR } from './paths';
import { median, percentile } from './stats';
import { buildRenderer, pressNextDispute, type NextPress } from './ui-figures';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

export interface Press {
  /** Trace clock, µs. */
  from: number;
  to: number;
  /** performance.now(), ms. */
  start: number;
  end: number;
  total: number;
}

/** Which part of a frame's work an event's own time belongs to. */
export function bucketOf(name: string): string {
  if (/GC|Scaveng|MarkCompact|Sweep/u.test(name)) return 'gc';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|StyleInvalidator)/u.test(name)) return 'style';
  if (/^(Layout|UpdateLayout|ResizeObserver|IntersectionObserver)/u.test(name)) return 'layout';
  if (/^(PrePaint|Paint|PaintImage|UpdateLayer|UpdateLayerTree|Layerize|Commit|CompositeLayers|Decode)/u.test(name))
    return 'paint';
  if (
    /^(FunctionCall|EvaluateScript|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|RunMicrotasks|v8\.|V8\.|XHR|HandlePostMessage|ParseHTML)/u.test(
      name,
    )
  )
    return 'script';
  return 'other';
}

export const BUCKETS = ['script', 'style', 'layout', 'paint', 'gc', 'other'] as const;

async function readStream(cdp: CDPSession, handle: string): Promise<string> {
  const parts: string[] = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    parts.push(chunk.base64Encoded === true ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return parts.join('');
}

/** Ends the trace started on `cdp` and returns it as text. */
export async function endTrace(cdp: CDPSession): Promise<string> {
  const done = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream!)),
  );
  await cdp.send('Tracing.end');
  return readStream(cdp, await done);
}

/**
 * The page's main thread (where the probe's marks are) and each press's
 * window on it: from its keydown's dispatch, which starts just before the
 * probe's listener marks it, to the painted mark.
 */
export function pressWindows(
  events: TraceEvent[],
  measured: readonly NextPress[],
): { thread: TraceEvent[]; pressed: Press[] } {
  const keydowns = events.filter((e) => e.name === 'next-dispute:keydown').sort((a, b) => a.ts - b.ts);
  const painted = events.filter((e) => e.name === 'next-dispute:painted').sort((a, b) => a.ts - b.ts);
  const main = keydowns[0];
  if (!main || keydowns.length !== measured.length || painted.length !== measured.length)
    throw new Error(`the trace holds ${keydowns.length} presses' marks, not ${measured.length}`);
  const thread = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const dispatches = thread.filter(
    (e) => e.name === 'EventDispatch' && (e.args?.['data'] as { type?: string } | undefined)?.type === 'keydown',
  );
  const pressed = measured.map((press, i): Press => {
    const mark = keydowns[i]!.ts;
    const dispatch = dispatches.filter((e) => e.ts <= mark && e.ts + (e.dur ?? 0) >= mark).pop();
    return { from: dispatch?.ts ?? mark, to: painted[i]!.ts, start: press.start, end: press.end, total: press.total };
  });
  return { thread, pressed };
}

/** Each event's own time (its duration less its children's), per press window, on one thread. */
export function selfTimes(events: TraceEvent[], presses: Press[]): Map<string, number>[] {
  const perPress = presses.map(() => new Map<string, number>());
  const complete = events
    .filter((e) => e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: { event: TraceEvent; childTime: number }[] = [];
  const settle = (entry: { event: TraceEvent; childTime: number }) => {
    const { event } = entry;
    const index = presses.findIndex((p) => event.ts >= p.from && event.ts < p.to);
    if (index < 0) return;
    const own = Math.max(0, event.dur! - entry.childTime) / 1000;
    const map = perPress[index]!;
    map.set(event.name, (map.get(event.name) ?? 0) + own);
  };
  for (const event of complete) {
    while (stack.length > 0 && stack[stack.length - 1]!.event.ts + stack[stack.length - 1]!.event.dur! <= event.ts)
      settle(stack.pop()!);
    const parent = stack[stack.length - 1];
    if (parent) parent.childTime += event.dur!;
    stack.push({ event, childTime: 0 });
  }
  while (stack.length > 0) settle(stack.pop()!);
  return perPress;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

/** Sampled JavaScript self time (ms) by function, summed over the press windows. */
function sampledFunctions(events: TraceEvent[], pid: number, tid: number, presses: Press[]): Map<string, number> {
  const totals = new Map<string, number>();
  const byProfile = new Map<string, { start: number; nodes: Map<number, ProfileNode>; samples: [number, number][] }>();
  // A profile starts on the thread it samples; its chunks come from the sampler's own thread.
  const mine = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid && e.id != null).map((e) => e.id),
  );
  for (const e of events) {
    if (e.pid !== pid || e.id == null || !mine.has(e.id)) continue;
    const data = e.args?.['data'] as
      | {
          startTime?: number;
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    if (!data) continue;
    if (e.name === 'Profile') byProfile.set(e.id, { start: data.startTime ?? e.ts, nodes: new Map(), samples: [] });
    const profile = byProfile.get(e.id);
    if (e.name !== 'ProfileChunk' || !profile) continue;
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    let at = profile.samples.length > 0 ? profile.samples[profile.samples.length - 1]![0] : profile.start;
    const samples = data.cpuProfile?.samples ?? [];
    samples.forEach((id, i) => {
      at += data.timeDeltas?.[i] ?? 0;
      profile.samples.push([at, id]);
    });
  }
  for (const profile of byProfile.values()) {
    const { samples, nodes } = profile;
    for (let i = 0; i + 1 < samples.length; i++) {
      const [at, id] = samples[i]!;
      if (!presses.some((p) => at >= p.from && at < p.to)) continue;
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
      const file = (frame.url ?? '').split('/').pop() ?? '';
      const key = `${frame.functionName || '(anonymous)'} ${file}:${(frame.lineNumber ?? 0) + 1}`;
      totals.set(key, (totals.get(key) ?? 0) + Math.min(samples[i + 1]![0] - at, 5_000) / 1000);
    }
  }
  return totals;
}

interface ReactCommit {
  at: number;
  renderMs: number;
  renders: [string, number][];
}

export interface TraceSummary {
  tracePath: string;
  presses: number;
  pressP50: number;
  pressP95: number;
  /** Median per press, ms, main thread. */
  buckets: Record<(typeof BUCKETS)[number] | 'busy', number>;
  reactRenderMs: number;
  commitsPerPress: number;
}

export async function traceNextDispute(
  dbPath: string,
  presses: number,
  log: (line: string) => void,
  /** The production build shows the times without React's profiling overhead, but no components. */
  mode: 'profiling' | 'production' = 'profiling',
): Promise<TraceSummary> {
  const rendererDir = buildRenderer(log, mode);
  const bridge = await startServer({ dbPath, port: 0, engineer: 'bench', rendererDir });
  const browser = await launchBenchBrowser({}, INSTALL_REACT_HOOK);
  try {
    const { page } = browser;
    await page.goto(bridge.url);
    await page.waitForSelector('.panel-scroll', { timeout: 60_000 });
    for (let i = 0; i < 10; i++) await pressNextDispute(page);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Tracing.start', {
      categories: CATEGORIES.join(','),
      transferMode: 'ReturnAsStream',
      options: 'sampling-frequency=10000',
    });
    await page.evaluate('window.__reactCommits = []');
    const measured: NextPress[] = [];
    for (let i = 0; i < presses; i++) measured.push(await pressNextDispute(page));
    const commits = await page.evaluate<ReactCommit[]>('window.__reactCommits');
    const text = await endTrace(cdp);
    const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
    const tracePath = join(BENCH_DIR, `trace-next-dispute-${stamp}.json`);
    writeFileSync(tracePath, text);
    const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    const { thread, pressed } = pressWindows(events, measured);
    const main = thread[0]!;
    const own = selfTimes(thread, pressed);
    const perBucket = (bucket: string) =>
      median(own.map((m) => [...m].filter(([name]) => bucketOf(name) === bucket).reduce((sum, [, ms]) => sum + ms, 0)));
    const buckets = Object.fromEntries(BUCKETS.map((b) => [b, perBucket(b)])) as TraceSummary['buckets'];
    buckets.busy = median(own.map((m) => [...m.values()].reduce((sum, ms) => sum + ms, 0)));

    // React: the commits made within a press, and each component's own render time.
    const inPress = commits.filter((c) => pressed.some((p) => c.at >= p.start && c.at <= p.end));
    const components = new Map<string, { renders: number; ms: number }>();
    for (const commit of inPress)
      for (const [name, ms] of commit.renders) {
        const entry = components.get(name) ?? { renders: 0, ms: 0 };
        entry.renders += 1;
        entry.ms += ms;
        components.set(name, entry);
      }
    const reactRenderMs = inPress.reduce((sum, c) => sum + c.renderMs, 0) / pressed.length;
    const totals = pressed.map((p) => p.total);
    const summary: TraceSummary = {
      tracePath,
      presses: pressed.length,
      pressP50: median(totals),
      pressP95: percentile(totals, 95),
      buckets,
      reactRenderMs,
      commitsPerPress: inPress.length / pressed.length,
    };

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    log(`  trace of ${pressed.length} presses: ${tracePath}`);
    log(
      `  keydown → painted p50 ${ms(summary.pressP50)}, p95 ${ms(summary.pressP95)} (profiling build, tracing on); main thread per press (median): busy ${ms(buckets.busy)} = ${BUCKETS.map((b) => `${b} ${ms(buckets[b])}`).join(', ')}`,
    );
    log(
      `  React: ${summary.commitsPerPress.toFixed(1)} commits and ${ms(reactRenderMs)} of render per press; components by own render time per press:`,
    );
    for (const [name, entry] of [...components].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40))
      log(
        `    ${name.padEnd(28)} ${(entry.ms / pressed.length).toFixed(2).padStart(6)} ms, ${(entry.renders / pressed.length).toFixed(1)} renders`,
      );
    // React's own timeline (its profiling build's "Scheduler ⚛" track): render, commit and effects per press.
    const phases = new Map<string, number>();
    for (const e of events) {
      const data = e.args?.['data'] as
        { trackGroup?: string; message?: string; start?: number; end?: number } | undefined;
      if (e.name !== 'TimeStamp' || data?.trackGroup !== 'Scheduler ⚛' || data.start == null || data.end == null)
        continue;
      const message = data.message ?? '';
      if (/Track$|^Event:/u.test(message)) continue;
      if (!pressed.some((p) => data.start! >= p.from && data.start! < p.to)) continue;
      phases.set(message, (phases.get(message) ?? 0) + (data.end - data.start) / 1000);
    }
    log(
      `  React phases per press: ${[...phases]
        .sort((a, b) => b[1] - a[1])
        .map(([name, v]) => `${name} ${ms(v / pressed.length)}`)
        .join(', ')}`,
    );
    const names = new Map<string, number>();
    for (const m of own)
      for (const [name, v] of m) if (bucketOf(name) !== 'script') names.set(name, (names.get(name) ?? 0) + v);
    log(
      `  rendering events per press: ${[...names]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, v]) => `${name} ${ms(v / pressed.length)}`)
        .join(', ')}`,
    );
    log('  JavaScript functions by sampled own time per press:');
    const functions = sampledFunctions(events, main.pid, main.tid, pressed);
    for (const [name, total] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15))
      log(`    ${(total / pressed.length).toFixed(2).padStart(6)} ms  ${name}`);
    return summary;
  } finally {
    await browser.close();
    await bridge.close();
  }
}
