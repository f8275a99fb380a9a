// The right-hand panel: follows the queue selection and shows everything
// needed to rule on the selected dispute, with the ruling form below.
import { useEffect } from 'react';
import { formatCount } from '../../lib/format';
import { useDisputeStore } from '../../stores/dispute-store';
import { useQueueStore } from '../../stores/queue-store';
import { useRulingStore } from '../../stores/ruling-store';
import { RulingForm } from '../ruling/RulingForm';
import { ClustersBlock } from './ClustersBlock';
import { DisputeHeader } from './DisputeHeader';
import { GoldBlock } from './GoldBlock';
import { JudgesBlock } from './JudgesBlock';
import { MissingRowBlock } from './MissingRowBlock';
import { QuestionBlock } from './QuestionBlock';
import { ReportsBlock } from './ReportsBlock';
import { RulingsBlock } from './RulingsBlock';
import { RulingsComparison } from './RulingsComparison';

export function DisputePanel() {
  const selectedId = useQueueStore((s) => s.selectedId);
  const selectedIndex = useQueueStore((s) => s.selectedIndex);
  const total = useQueueStore((s) => s.total);
  const detail = useDisputeStore((s) => s.detail);
  const loadingId = useDisputeStore((s) => s.loadingId);
  const error = useDisputeStore((s) => s.error);

  useEffect(() => {
    void useDisputeStore.getState().load(selectedId);
  }, [selectedId]);

  const shownId = detail?.dispute.id;
  useEffect(() => {
    if (shownId) useRulingStore.getState().reset(shownId);
  }, [shownId]);

  if (total === 0) return <aside className="panel panel-empty">Nothing to review here.</aside>;
  if (selectedId == null) return <aside className="panel panel-empty">Select a dispute (j / k or click a row).</aside>;
  if (error != null && loadingId == null) return <aside className="panel panel-empty error-text">Could not load the dispute: {error}</aside>;
  if (!detail) return <aside className="panel panel-empty muted">Loading…</aside>;

  const position = selectedIndex != null && total != null ? `${formatCount(selectedIndex + 1)} of ${formatCount(total)}` : null;
  const stale = loadingId != null && loadingId !== detail.dispute.id;
  const conflict = detail.dispute.status === 'conflict';
  return (
    <aside className={`panel ${stale ? 'panel-stale' : ''}`} aria-busy={stale}>
      <DisputeHeader dispute={detail.dispute} position={position} />
      <div className="panel-scroll" key={detail.dispute.id}>
        {/* In a conflict the disagreement is the first thing to read. */}
        {conflict && <RulingsComparison detail={detail} />}
        <QuestionBlock detail={detail} />
        <GoldBlock detail={detail} />
        <ReportsBlock detail={detail} />
        {detail.dispute.kind === 'missing_row' && detail.missing_row_systems.length > 0 ? (
          <MissingRowBlock detail={detail} />
        ) : detail.dispute.kind === 'report' && detail.clusters.length === 0 ? null : (
          // A report no system contests has no values to cluster: the report says it all.
          <ClustersBlock detail={detail} />
        )}
        <JudgesBlock judges={detail.judges} />
        {!conflict && <RulingsComparison detail={detail} />}
        <RulingsBlock detail={detail} />
      </div>
      <RulingForm detail={detail} />
    </aside>
  );
}
