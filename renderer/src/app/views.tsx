// The app's views, in tab order. A new view (Stats, Reports…) is one entry.
import { lazy, Suspense, type ReactNode } from 'react';
import type { DisputeFilter } from '../../../shared/api';
import type { StoreInfo } from '../../../shared/api-types';
import { ReleaseView } from '../features/release/ReleaseView';
import { RELEASE_STEPS } from '../features/release/release-steps';
import { QueueView } from '../features/queue/QueueView';
import { ReportsView } from '../features/reports/ReportsView';
import { refreshEverything } from '../features/review/refresh';
import { useStatsStore } from '../stores/stats-store';

// Charts are heavy: the Stats view (and ECharts) load when the tab is first opened.
const StatsView = lazy(() => import('../features/stats/StatsView').then((m) => ({ default: m.StatsView })));
const loadingStats = <div className="stats-page muted">Loading statistics…</div>;
// The Audit view draws its interval chart with ECharts too: loaded when first opened.
const AuditView = lazy(() => import('../features/audit/AuditView').then((m) => ({ default: m.AuditView })));
const loadingAudit = <div className="audit-page muted">Loading the audit…</div>;

export interface ViewDef {
  id: string;
  label: string;
  /** Views with the queue and panel: review keys (j/k, 1–9, Enter…) act there. */
  reviewing: boolean;
  /** Views with a list of their own (Reports): j/k move through it, Enter opens the item. */
  list?: boolean;
  /** The release desk: how many steps its keys (1 …) go to. */
  steps?: number;
  /** A count shown on the tab. */
  badge?: (info: StoreInfo) => number | null;
  /**
   * Views kept mounted, hidden, once opened (app/KeptViews.tsx): switching back
   * shows them as they were instead of building them again. Views with the same
   * slot share one instance; `onShow` brings it up to date when shown again,
   * told whether a call that may write was made meanwhile.
   */
  kept?: { slot: string; onShow: (wroteMeanwhile: boolean) => void };
  render: () => ReactNode;
}

const ALL: DisputeFilter = {};
const CONFLICTS: DisputeFilter = { status: 'conflict' };

// Queue and Conflicts render the same component in one kept slot, so switching
// keeps the grid and only changes its fixed filter; other views switching to
// them find it mounted (creating the grid costs more than any other view).
// Another process's writes reach it by the data version's poll (useStartup).
const REVIEW = {
  slot: 'review',
  onShow: (wroteMeanwhile: boolean) => {
    if (wroteMeanwhile) void refreshEverything();
  },
};
export const VIEWS: readonly ViewDef[] = [
  {
    id: 'queue',
    label: 'Queue',
    reviewing: true,
    badge: (info) => info.counts.open,
    kept: REVIEW,
    render: () => <QueueView preset={ALL} />,
  },
  {
    id: 'conflicts',
    label: 'Conflicts',
    reviewing: true,
    badge: (info) => info.counts.conflict || null,
    kept: REVIEW,
    render: () => <QueueView preset={CONFLICTS} />,
  },
  { id: 'reports', label: 'Reports', reviewing: false, list: true, render: () => <ReportsView /> },
  {
    id: 'stats',
    label: 'Stats',
    reviewing: false,
    // Kept too: its tables and charts take longer to build than to keep. Shown, it asks the data version.
    kept: { slot: 'stats', onShow: () => void useStatsStore.getState().open() },
    render: () => (
      <Suspense fallback={loadingStats}>
        <StatsView />
      </Suspense>
    ),
  },
  { id: 'export', label: 'Export', reviewing: false, steps: RELEASE_STEPS.length, render: () => <ReleaseView /> },
  {
    id: 'audit',
    label: 'Audit',
    reviewing: false,
    render: () => (
      <Suspense fallback={loadingAudit}>
        <AuditView />
      </Suspense>
    ),
  },
];

export function findView(id: string): ViewDef {
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0]!;
}
