// The audit trail of rulings on this dispute, newest first. In blind review
// other engineers' rulings stay hidden until the viewer has ruled.
import type { DisputeDetail, RulingView } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { formatTime } from '../../lib/format';
import { Section } from '../../ui/Section';
import { rulingStates, type RulingState } from './ruling-states';
import { SourceList } from './SourceLink';

export function RulingsBlock({ detail }: { detail: DisputeDetail }) {
  const rulings = [...detail.rulings].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const states = rulingStates(rulings);
  return (
    <Section title="Rulings" aside={<span className="muted small">{rulings.length}</span>}>
      {detail.settled_by_revision != null && <div className="notice-inline">Settled by dataset revision {detail.settled_by_revision}.</div>}
      {detail.rulings_hidden && <div className="notice-inline">Other engineers’ rulings are hidden until you rule (blind review).</div>}
      {rulings.length === 0 && !detail.rulings_hidden && <div className="muted">No rulings yet.</div>}
      <ul className="rulings">
        {rulings.map((r) => (
          <RulingItem key={r.id} ruling={r} state={states.get(r.id) ?? 'counted'} />
        ))}
      </ul>
    </Section>
  );
}

function RulingItem({ ruling, state }: { ruling: RulingView; state: RulingState }) {
  const label = ruling.decision === 'retract' ? 'Retracted an earlier ruling' : DECISION_LABELS[ruling.decision];
  return (
    <li className={`ruling ruling-${state}`}>
      <div className="ruling-head">
        <span className="engineer">{ruling.engineer}</span>
        <span className="decision">{label}</span>
        {ruling.value != null && <span className="value value-value">{ruling.value}</span>}
        {ruling.row != null && <span className="muted small">row {ruling.row}</span>}
        <span className={`ruling-state state-${state}`}>{state}</span>
        <time className="muted small" dateTime={ruling.created_at}>
          {formatTime(ruling.created_at)}
        </time>
      </div>
      {ruling.values != null && Object.keys(ruling.values).length > 0 && (
        <table className="kv-table">
          <tbody>
            {Object.entries(ruling.values).map(([column, value]) => (
              <tr key={column}>
                <th scope="row">{column}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ruling.rationale != null && ruling.rationale !== '' && <p className="rationale">{ruling.rationale}</p>}
      <SourceList urls={ruling.evidence} />
    </li>
  );
}
