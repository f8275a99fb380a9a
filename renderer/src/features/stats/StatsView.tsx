// Statistics: progress by status, agreement between engineers (percent,
// Cohen's kappa per pair, Krippendorff's alpha; by rule type and by dispute
// kind), and rulings per engineer per day. Loads when first opened and shows
// what it has at once after (stats-store.ts reloads when the data moved);
// ruling, importing or changing the policy refreshes it.
import { useEffect } from 'react';
import type { AgreementStats } from '../../../../shared/api-types';
import { formatTime, policyLong } from '../../lib/format';
import { useStatsStore } from '../../stores/stats-store';
import { ActivitySection } from './ActivitySection';
import { AgreementSection } from './AgreementSection';
import { ProgressCard } from './ProgressCard';
import { rulingSummary } from './stats-data';

export function StatsView() {
  const stats = useStatsStore((s) => s.stats);
  const error = useStatsStore((s) => s.error);
  const load = useStatsStore((s) => s.load);
  const open = useStatsStore((s) => s.open);

  useEffect(() => {
    void open();
  }, [open]);

  if (!stats) {
    return (
      <div className="stats-page">
        {error != null ? (
          <div className="error-box">
            Could not load the statistics: {error}{' '}
            <button type="button" className="link-button" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : (
          <p className="muted">Loading statistics…</p>
        )}
      </div>
    );
  }
  return (
    <div className="stats-page">
      <StatsHeader stats={stats} />
      <ProgressCard progress={stats.progress} />
      <AgreementSection stats={stats} />
      <ActivitySection stats={stats} />
    </div>
  );
}

function StatsHeader({ stats }: { stats: AgreementStats }) {
  const loading = useStatsStore((s) => s.loading);
  const error = useStatsStore((s) => s.error);
  const load = useStatsStore((s) => s.load);
  const loadedAt = useStatsStore((s) => s.loadedAt);
  return (
    <header className="stats-head">
      <h1>Statistics</h1>
      <span className="muted">
        {rulingSummary(stats)} · {policyLong(stats.policy)}
      </span>
      <span className="spacer" />
      {error != null && <span className="error-text small">Refresh failed: {error}</span>}
      <span className="muted small" title="statistics are refreshed after every ruling, import and policy change">
        {loading ? 'refreshing…' : loadedAt ? `as of ${formatTime(loadedAt)}` : ''}
      </span>
      <button type="button" className="button button-small" disabled={loading} onClick={() => void load()}>
        Refresh
      </button>
    </header>
  );
}
