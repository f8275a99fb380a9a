// Where the report is attached: its dispute (kind, entity › column, status)
// with "Open in queue", or "unlinked"; link it by hand to the dispute selected
// in the queue or to any dispute id, or hand it back to automatic linking.
import { useState } from 'react';
import type { DisputeRow } from '../../../../shared/api-types';
import type { ReportListItem } from '../../../../shared/report-parse/views';
import { KIND_LABELS, oneLine, shownText } from '../../lib/format';
import { useDisputeStore } from '../../stores/dispute-store';
import { useQueueStore } from '../../stores/queue-store';
import { useReportsStore } from '../../stores/reports-store';
import { Kbd } from '../../ui/Kbd';
import { Section } from '../../ui/Section';
import { StatusChip } from '../../ui/StatusChip';
import { LINK_BY_ID_INPUT, openDisputeInQueue } from './actions';

export function LinkSection({ item }: { item: ReportListItem }) {
  const dispute = useReportsStore((s) => s.dispute);
  const busy = useReportsStore((s) => s.busy);
  const link = useReportsStore((s) => s.link);
  const linked = dispute != null && dispute.dispute.id === item.dispute_id ? dispute.dispute : null;
  return (
    <Section
      title="Dispute"
      aside={item.dispute_id != null ? <span className="muted small">{item.manual_link ? 'linked by hand' : 'linked automatically'}</span> : <span className="chip chip-unlinked">unlinked</span>}
    >
      {item.dispute_id != null ? (
        <div className="link-target">
          {linked ? <DisputeLine dispute={linked} /> : <span className="mono small dispute-line">{item.dispute_id}</span>}
          <button type="button" className="button button-primary button-small" onClick={() => void openDisputeInQueue(item.dispute_id!)} title="Show it in the Queue to rule on it (Enter)">
            Open in queue <Kbd>Enter</Kbd>
          </button>
        </div>
      ) : (
        <p className="muted small">
          Not attached to any dispute{item.task_id == null ? ': no task id was found in it' : item.row == null ? ': no gold row was found' : ''}. Fix what was parsed below, or link it by hand.
        </p>
      )}
      <LinkControls item={item} busy={busy} onLink={(id) => void link(id)} />
    </Section>
  );
}

function DisputeLine({ dispute }: { dispute: DisputeRow }) {
  return (
    <span className="dispute-line">
      <span className={`chip chip-kind kind-${dispute.kind}`}>{KIND_LABELS[dispute.kind]}</span>
      <span className="dispute-line-entity" title={shownText(dispute.entity)}>
        {oneLine(dispute.entity)}
      </span>
      {dispute.column != null && (
        <>
          <span className="sep">›</span>
          <span className="dispute-line-column" title={shownText(dispute.column)}>
            {oneLine(dispute.column)}
          </span>
        </>
      )}
      <StatusChip status={dispute.status} />
    </span>
  );
}

function LinkControls({ item, busy, onLink }: { item: ReportListItem; busy: boolean; onLink: (disputeId: string | null) => void }) {
  const selectedId = useQueueStore((s) => s.selectedId);
  const queueDetail = useDisputeStore((s) => s.detail);
  const [byId, setById] = useState('');
  const queueDispute = queueDetail != null && queueDetail.dispute.id === selectedId ? queueDetail.dispute : null;
  const canLinkSelected = queueDispute != null && queueDispute.id !== item.dispute_id;
  return (
    <div className="link-controls">
      {canLinkSelected ? (
        <button type="button" className="button button-small" disabled={busy} onClick={() => onLink(queueDispute.id)} title={`Attach #${item.number} to ${queueDispute.id}`}>
          Link to selected dispute: <span className="link-selected">{oneLine(queueDispute.entity)}{queueDispute.column != null ? ` › ${oneLine(queueDispute.column)}` : ''}</span>
        </button>
      ) : (
        <span className="muted small">{queueDispute == null ? 'Select a dispute in the Queue to link this report to it, or give an id:' : 'Or link to another dispute by id:'}</span>
      )}
      <form
        className="link-by-id"
        onSubmit={(e) => {
          e.preventDefault();
          if (byId.trim() !== '') onLink(byId.trim());
        }}
      >
        <input id={LINK_BY_ID_INPUT} className="input mono" aria-label="Dispute id" placeholder="d-…" value={byId} spellCheck={false} onChange={(e) => setById(e.target.value)} />
        <button type="submit" className="button button-small" disabled={busy || byId.trim() === ''}>
          Link
        </button>
      </form>
      {item.manual_link && (
        <button type="button" className="link-button" disabled={busy} onClick={() => onLink(null)} title="Forget the hand link: attach by what was parsed (and fixed)">
          Back to automatic linking
        </button>
      )}
    </div>
  );
}
