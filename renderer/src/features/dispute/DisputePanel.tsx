// The right-hand panel: follows the queue selection and shows everything
// needed to rule on the selected dispute, with the ruling form below.
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { afterPaint } from '../../lib/after-paint';
import { formatCount } from '../../lib/format';
import { useDisputeStore } from '../../stores/dispute-store';
import { useQueueStore } from '../../stores/queue-store';
import { useRulingStore } from '../../stores/ruling-store';
import { idsAround } from '../queue/grid-bridge';
import { RulingForm } from '../ruling/RulingForm';
import { ClustersBlock } from './ClustersBlock';
import { ComparisonBlock } from './ComparisonBlock';
import { DisputeHeader } from './DisputeHeader';
import { GoldBlock } from './GoldBlock';
import { JudgesBlock } from './JudgesBlock';
import { MissingRowBlock } from './MissingRowBlock';
import { QuestionBlock } from './QuestionBlock';
import { ReportsBlock } from './ReportsBlock';
import { RulingsBlock } from './RulingsBlock';
import { RulingsComparison } from './RulingsComparison';

/** The form reads its own stores; from the panel it needs only the detail. */
const Form = memo(RulingForm);

/**
 * Fetched ahead once a dispute shows: `j` mostly goes forward, `k` steps back.
 * The disputes ahead come several at a time (prefetchAhead), so a key held
 * down asks once every few presses.
 */
const PREFETCH_AHEAD = 8;
const PREFETCH_BEHIND = 1;

/** Runs `task` once the page is idle (soon in any case); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 150 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 50);
  return () => window.clearTimeout(timer);
}

export function DisputePanel() {
  const selectedId = useQueueStore((s) => s.selectedId);
  const selectedIndex = useQueueStore((s) => s.selectedIndex);
  const total = useQueueStore((s) => s.total);
  const detail = useDisputeStore((s) => s.detail);
  const loadingId = useDisputeStore((s) => s.loadingId);
  const error = useDisputeStore((s) => s.error);

  // Followed in the store's own notification, not in an effect after the
  // selection's render: a cached detail then arrives in the same render.
  useEffect(() => {
    void useDisputeStore.getState().load(useQueueStore.getState().selectedId);
    return useQueueStore.subscribe((state, previous) => {
      if (state.selectedId !== previous.selectedId) void useDisputeStore.getState().load(state.selectedId);
    });
  }, []);

  // A new dispute on screen starts a new draft, in the same render as the
  // dispute itself: the form never shows one dispute with another's draft.
  useEffect(() => {
    const shown = useDisputeStore.getState().detail?.dispute.id;
    if (shown) useRulingStore.getState().reset(shown);
    return useDisputeStore.subscribe((state, previous) => {
      const id = state.detail?.dispute.id;
      if (id && id !== previous.detail?.dispute.id) useRulingStore.getState().reset(id);
    });
  }, []);

  const shownId = detail?.dispute.id;

  // Once a dispute shows, the disputes ahead of it in the queue are asked
  // for as soon as it is painted, when few are left: a key held or pressed
  // in rhythm leaves no idle time, and would find them missing. (A key's
  // render flushes this effect before the paint, hence afterPaint.) The one
  // behind is asked when the page is idle: starting requests costs time the
  // painting of this dispute needs, and a selection that moves on meanwhile
  // cancels that.
  useEffect(() => {
    if (shownId == null || shownId !== selectedId || selectedIndex == null) return;
    afterPaint(() => useDisputeStore.getState().prefetchAhead(idsAround(selectedIndex, PREFETCH_AHEAD, 0)));
    return whenIdle(() => useDisputeStore.getState().prefetch(idsAround(selectedIndex, 0, PREFETCH_BEHIND)));
  }, [shownId, selectedId, selectedIndex]);

  if (total === 0) return <aside className="panel panel-empty">Nothing to review here.</aside>;
  if (selectedId == null) return <aside className="panel panel-empty">Select a dispute (j / k or click a row).</aside>;
  if (error != null && loadingId == null)
    return <aside className="panel panel-empty error-text">Could not load the dispute: {error}</aside>;
  if (!detail) return <aside className="panel panel-empty muted">Loading…</aside>;

  const position =
    selectedIndex != null && total != null ? `${formatCount(selectedIndex + 1)} of ${formatCount(total)}` : null;
  const stale = loadingId != null && loadingId !== detail.dispute.id;
  return (
    <aside className={`panel ${stale ? 'panel-stale' : ''}`} aria-busy={stale} data-dispute={detail.dispute.id}>
      <DisputeHeader dispute={detail.dispute} position={position} />
      <PanelBody detail={detail} />
      <Form detail={detail} />
    </aside>
  );
}

/**
 * Everything about the dispute above the form. Memoised: a selection change
 * re-renders the panel (position, busy state) before the next detail arrives,
 * and that must not re-render every block of the old one.
 *
 * The next dispute updates these elements in place rather than replacing
 * them (`j` is pressed all day; new elements cost their creation and a
 * style recalculation each). What a new panel gave for free is kept: it
 * reads from the top, a control focused in it lets go (the keys go back to
 * the page), and the blocks that hold their own state (what is expanded)
 * start afresh, keyed by the dispute.
 */
const PanelBody = memo(function PanelBody({ detail }: { detail: DisputeDetail }) {
  const id = detail.dispute.id;
  const scroller = useRef<HTMLDivElement>(null);
  // Kept from scroll events, so a new dispute never reads (or writes) the scroll position, which would force a layout.
  const scrolled = useRef(false);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (scrolled.current) {
      el.scrollTop = 0;
      scrolled.current = false;
    }
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && el.contains(focused)) focused.blur();
  }, [id]);
  const conflict = detail.dispute.status === 'conflict';
  const missingRow = detail.dispute.kind === 'missing_row' && detail.missing_row_systems.length > 0;
  // A report no system contests has no values to compare: the report says it all.
  const compared =
    !missingRow && detail.clusters.length > 0 && !(detail.dispute.kind === 'report' && detail.dispute.column == null);
  return (
    <div className="panel-scroll" ref={scroller} onScroll={(e) => (scrolled.current = e.currentTarget.scrollTop > 0)}>
      {/* In a conflict the disagreement is the first thing to read. */}
      {conflict && <RulingsComparison detail={detail} />}
      {/* Gold beside every system's value (or a missing row's systems side by side) leads: it is what the engineer rules on. */}
      {compared && <ComparisonBlock detail={detail} />}
      {missingRow && <MissingRowBlock detail={detail} />}
      <QuestionBlock detail={detail} />
      {!compared && <GoldBlock detail={detail} />}
      <ReportsBlock key={`reports-${id}`} detail={detail} />
      {!missingRow && detail.clusters.length > 0 && <ClustersBlock key={`clusters-${id}`} detail={detail} />}
      <JudgesBlock key={`judges-${id}`} judges={detail.judges} />
      {!conflict && <RulingsComparison detail={detail} />}
      <RulingsBlock detail={detail} />
    </div>
  );
});
