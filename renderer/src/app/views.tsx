// The app's views, in tab order. A new view (Stats, Reports…) is one entry.
import { lazy, Suspense, type ReactNode } from 'react';
import type { DisputeFilter } from '../../../shared/api';
import type { StoreInfo } from '../../../shared/api-types';
import { ReleaseView } from '../features/release/ReleaseView';
import { RELEASE_STEPS } from '../features/release/release-steps';
import { QueueView } from '../features/queue/QueueView';
import { ReportsView } from '../features/reports/ReportsView';

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
  render: () => ReactNode;
}

const ALL: DisputeFilter = {};
const CONFLICTS: DisputeFilter = { status: 'conflict' };

// Queue and Conflicts render the same component, so switching keeps the grid
// and only changes its fixed filter.
export const VIEWS: readonly ViewDef[] = [
  {
    id: 'queue',
    label: 'Queue',
    reviewing: true,
    badge: (info) => info.counts.open,
    render: () => <QueueView preset={ALL} />,
  },
  {
    id: 'conflicts',
    label: 'Conflicts',
    reviewing: true,
    badge: (info) => info.counts.conflict || null,
    render: () => <QueueView preset={CONFLICTS} />,
  },
  { id: 'reports', label: 'Reports', reviewing: false, list: true, render: () => <ReportsView /> },
  {
    id: 'stats',
    label: 'Stats',
    reviewing: false,
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
