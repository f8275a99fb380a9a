// Which dispute this is, in one line: kind, task, entity, column, status.
import type { DisputeRow } from '../../../../shared/api-types';
import { KIND_LABELS, oneLine, shownText } from '../../lib/format';
import { StatusChip } from '../../ui/StatusChip';

export function DisputeHeader({ dispute, position }: { dispute: DisputeRow; position: string | null }) {
  return (
    <header className="dispute-head">
      <div className="dispute-title">
        <span className={`chip chip-kind kind-${dispute.kind}`}>{KIND_LABELS[dispute.kind]}</span>
        <span className="dispute-entity" title={shownText(dispute.entity)}>
          {oneLine(dispute.entity)}
        </span>
        {dispute.column != null && (
          <>
            <span className="sep" aria-hidden="true">
              ›
            </span>
            <span className="dispute-column" title={shownText(dispute.column)}>
              {oneLine(dispute.column)}
            </span>
          </>
        )}
      </div>
      <div className="dispute-meta">
        <span className="task-id" title="task id">
          {oneLine(dispute.task_id)}
        </span>
        {dispute.has_report && <span className="chip chip-report">reported</span>}
        {position != null && <span className="muted small">{position}</span>}
        <StatusChip status={dispute.status} />
      </div>
    </header>
  );
}
