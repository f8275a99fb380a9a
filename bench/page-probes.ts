// Scripts that run inside the renderer page. Kept as JavaScript source text:
// tsx's transform adds helpers (__name) to functions, which do not exist in
// the page when a function is serialised into it.

/** Before the app starts: notes (in __bench.firstRow) when the first row with data is painted. */
export const INSTALL_PROBES = `
(() => {
  window.__bench = { firstRow: null };
  // Every request's timing, read by "next dispute" to split a press at its request: from Resource
  // Timing, which the browser keeps anyway (wrapping fetch to time it read each body twice, work the
  // app never does, landing on the next press).
  performance.setResourceTimingBufferSize(100000);
  const isDataRow = (el) => !el.classList.contains('row-loading') && !el.classList.contains('ag-row-loading') && (el.textContent || '').trim() !== '';
  const observer = new MutationObserver(() => {
    if (window.__bench.firstRow !== null) return;
    const rows = document.querySelectorAll('.ag-grid-scrolling-container .ag-row');
    if (![...rows].some(isDataRow)) return;
    window.__bench.firstRow = -1;
    observer.disconnect();
    // Painted: the first task after the next frame.
    requestAnimationFrame(() => setTimeout(() => { window.__bench.firstRow = performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();
`;

/**
 * Arms __next: ms from the next keydown's arrival until a different dispute's panel is painted (not stale), split at
 * its request (NaN when served without one); and __gridNext: ms from that keydown until the queue's
 * highlighted row is that dispute's, painted (the grid follows the panel; the floor's grid never does), NaN
 * when it has not within 5 s.
 */
export const ARM_NEXT_DISPUTE = `
(() => {
  // The dispute shown: the panel names it (builds before it did replaced the panel's body instead).
  const shown = () => {
    const panel = document.querySelector('.panel');
    return panel?.getAttribute('data-dispute') ?? panel?.querySelector('.panel-scroll') ?? null;
  };
  const before = shown();
  // Only this press's requests are looked for, among those that end from now on.
  performance.clearResourceTimings();
  let gridResolve;
  window.__gridNext = new Promise((resolve) => { gridResolve = resolve; });
  // A grid that never followed (the floor's) is not watched on.
  window.__gridWatch?.disconnect();
  const followGrid = (pressed, id) => {
    const highlighted = () => document.querySelector('.ag-grid-scrolling-container .ag-row-selected')?.getAttribute('row-id') === id;
    const painted = () => requestAnimationFrame(() => setTimeout(() => gridResolve(performance.now() - pressed), 0));
    if (highlighted()) return painted();
    const grid = new MutationObserver(() => {
      if (!highlighted()) return;
      grid.disconnect();
      painted();
    });
    window.__gridWatch = grid;
    grid.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'row-id'] });
    // A grid that never follows is a failure the figure shows (NaN), not a bench left waiting.
    setTimeout(() => { grid.disconnect(); gridResolve(NaN); }, 5000);
  };
  window.__next = new Promise((resolve) => {
    let pressed = 0;
    // The marks delimit the press in a performance trace (bench/ui-trace.ts).
    // From the input's arrival (its timeStamp), so time it waited behind other work on the page's thread counts.
    window.addEventListener('keydown', (event) => { pressed = event.timeStamp; performance.mark('next-dispute:keydown'); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      const now = shown();
      const busy = document.querySelector('.panel')?.getAttribute('aria-busy') === 'true';
      if (!pressed || !now || now === before || busy) return;
      observer.disconnect();
      followGrid(pressed, now);
      requestAnimationFrame(() => setTimeout(() => {
        const painted = performance.now();
        performance.mark('next-dispute:painted');
        // The shown dispute's own request, if it needed one (getDispute, not the prefetch's getDisputes, which starts after a paint).
        const request = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/getDispute') && entry.startTime >= pressed && entry.startTime <= painted && entry.responseEnd > 0);
        resolve({ start: pressed, end: painted, total: painted - pressed, select: request ? request.startTime - pressed : NaN, request: request ? request.responseEnd - request.startTime : NaN, render: request ? painted - request.responseEnd : NaN });
      }, 0));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy', 'data-dispute'] });
  });
})();
`;

/** Scrolls the grid to its end; resolves with ms until row `last` shows data and is painted. */
export function scrollToLastScript(last: number): string {
  return `
new Promise((resolve, reject) => {
  const viewport = document.querySelector('.ag-grid-viewport, .ag-body-viewport');
  if (!viewport) return reject(new Error('no grid viewport'));
  const started = performance.now();
  const done = () => {
    const row = document.querySelector('.ag-grid-scrolling-container .ag-row[row-index="${last}"]');
    if (!row || row.classList.contains('row-loading') || row.classList.contains('ag-row-loading') || (row.textContent || '').trim() === '') return false;
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    return true;
  };
  const observer = new MutationObserver(() => { if (done()) observer.disconnect(); });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  viewport.scrollTop = viewport.scrollHeight;
})
`;
}

/**
 * Arms __view: ms from the next keydown's arrival until `selector` matches a shown
 * element that was not shown before it (the new view's content, with data,
 * whether the view is built anew or a kept one shown again) and is painted.
 */
export function armViewSwitch(selector: string): string {
  return `
(() => {
  const sel = ${JSON.stringify(selector)};
  // Shown: not inside a hidden view (kept views are hidden with the attribute); no style or layout read.
  const shown = () => [...document.querySelectorAll(sel)].filter((el) => !el.closest('[hidden]'));
  const before = new Set(shown());
  window.__view = new Promise((resolve) => {
    let pressed = 0;
    window.addEventListener('keydown', (event) => { pressed = event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!pressed || !shown().some((el) => !before.has(el))) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - pressed), 0));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden', 'class', 'style'] });
  });
})();
`;
}

/**
 * Before the app starts, for React's profiling build (bench/ui-trace.ts): a
 * stand-in for the React DevTools hook that notes, at every commit, each
 * component that rendered and its own render time (its actualDuration less
 * its children's), in window.__reactCommits.
 */
export const INSTALL_REACT_HOOK = `
(() => {
  window.__reactCommits = [];
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type) return '?';
    if (typeof type === 'function') return type.displayName || type.name || 'Anonymous';
    const inner = type.type || type.render;
    return type.displayName || (inner && (inner.displayName || inner.name)) || 'Anonymous';
  };
  const visit = (next, prev, renders) => {
    const rendered = prev === null || (next.flags & 1) === 1;
    const childrenWorked = prev === null || next.child !== prev.child;
    if (COMPONENT_TAGS.has(next.tag) && rendered) {
      let self = next.actualDuration || 0;
      if (childrenWorked) for (let c = next.child; c; c = c.sibling) self -= c.actualDuration || 0;
      renders.push([nameOf(next), Math.max(0, self)]);
    }
    if (!childrenWorked) return;
    for (let c = next.child; c; c = c.sibling) visit(c, prev === null ? null : c.alternate, renders);
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(1, renderer); return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      const current = root.current;
      const renders = [];
      visit(current, current.alternate, renders);
      window.__reactCommits.push({ at: performance.now(), renderMs: current.actualDuration || 0, renders });
    },
  };
})();
`;
