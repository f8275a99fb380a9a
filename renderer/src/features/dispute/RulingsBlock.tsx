// The dispute's full ruling history, oldest first: every ruling, correction
// and retraction, each marked counted / superseded / retracted. Nothing is
// edited in place. Under blind review other engineers' rulings stay hidden
// until I have ruled.
import type { DisputeDetail, RulingView } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { formatTime, oneLine, shownText } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { Section } from '../../ui/Section';
import { RulingValue } from './RulingValue';
import { rulingStates, type RulingState } from './ruling-states';
import { SourceList } from './SourceLink';

const STATE_TEXT: Record<RulingState, string> = {
  counted: 'counted',
  superseded: 'superseded',
  retracted: 'retracted',
  retraction: 'retraction',
};

const STATE_TITLE: Record<RulingState, string> = {
  counted: 'This engineer’s ruling that counts now',
  superseded: 'Replaced by a later ruling of the same engineer',
  retracted: 'Withdrawn by its engineer; it no longer counts',
  retraction: 'Withdraws an earlier ruling',
};

export function RulingsBlock({ detail }: { detail: DisputeDetail }) {
  const engineer = useInfoStore((s) => s.info?.engineer);
  const rulings = [...detail.rulings].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  const states = rulingStates(rulings);
  const byId = new Map(rulings.map((r) => [r.id, r]));
  const hidden = detail.rulings_hidden;
  // In a conflict the notice already leads the panel (rulings side by side): said once, not again here.
  if (hidden && rulings.length === 0 && detail.dispute.status === 'conflict' && detail.settled_by_revision == null)
    return null;
  return (
    <Section
      title="History"
      aside={
        hidden && rulings.length === 0 ? undefined : <span className="muted small">{historyAside(rulings.length)}</span>
      }
    >
      {detail.settled_by_revision != null && (
        <div className="notice-inline">Settled by dataset revision {oneLine(detail.settled_by_revision)}.</div>
      )}
      {hidden && detail.dispute.status !== 'conflict' && <BlindNotice engineers={detail.hidden_engineers} />}
      {rulings.length === 0 && !hidden && <div className="muted">No rulings yet.</div>}
      {rulings.length > 0 && (
        <ol className="history">
          {rulings.map((r) => (
            <HistoryItem
              key={r.id}
              ruling={r}
              state={states.get(r.id) ?? 'counted'}
              mine={r.engineer === engineer}
              detail={detail}
              target={r.retracts ? (byId.get(r.retracts) ?? null) : null}
            />
          ))}
        </ol>
      )}
    </Section>
  );
}

/** The History's count (none when others' rulings are hidden: the notice says it, once, rather than "no rulings"). */
function historyAside(shown: number): string {
  return shown === 0 ? 'no rulings' : `${shown} event${shown === 1 ? '' : 's'} · oldest first`;
}

/**
 * Blind review, said once: how many other engineers have ruled on this
 * dispute (a count from the service, never what they ruled), hidden until I
 * rule.
 */
export function BlindNotice({ engineers }: { engineers: number }) {
  const who =
    engineers === 1
      ? '1 other engineer has'
      : engineers > 1
        ? `${engineers} other engineers have`
        : 'Other engineers have';
  return (
    <div className="notice-inline notice-blind" role="note">
      <strong>Hidden until you rule:</strong> {who} already ruled on this dispute. Blind review is on, so their rulings
      and rationales appear once you have ruled; the status stays visible.
    </div>
  );
}

interface HistoryItemProps {
  ruling: RulingView;
  state: RulingState;
  mine: boolean;
  detail: DisputeDetail;
  /** For a retraction: the ruling it withdrew. */
  target: RulingView | null;
}

function HistoryItem({ ruling, state, mine, detail, target }: HistoryItemProps) {
  const retraction = ruling.decision === 'retract';
  return (
    <li className={`history-item ruling ruling-${state}`}>
      <span className={`history-mark mark-${state}`} aria-hidden="true" />
      <div className="ruling-head">
        <span className="engineer">{oneLine(ruling.engineer)}</span>
        {mine && <span className="chip chip-you">you</span>}
        <span className="decision">
          {retraction ? 'retracted' : DECISION_LABELS[ruling.decision as keyof typeof DECISION_LABELS]}
        </span>
        {retraction && target && (
          <span className="muted small">
            {DECISION_LABELS[target.decision as keyof typeof DECISION_LABELS] ?? target.decision} of{' '}
            {formatTime(target.created_at)}
          </span>
        )}
        {!retraction && <RulingValue ruling={ruling} detail={detail} />}
        <span className={`ruling-state state-${state}`} title={STATE_TITLE[state]}>
          {STATE_TEXT[state]}
        </span>
        <time className="muted small" dateTime={ruling.created_at} title={ruling.created_at}>
          {formatTime(ruling.created_at)}
        </time>
      </div>
      {ruling.values != null && Object.keys(ruling.values).length > 0 && (
        <table className="kv-table">
          <tbody>
            {Object.entries(ruling.values).map(([column, value]) => (
              <tr key={column}>
                <th scope="row">{oneLine(column)}</th>
                <td>{oneLine(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ruling.rationale != null && ruling.rationale !== '' && (
        <p className="rationale">{shownText(ruling.rationale)}</p>
      )}
      <SourceList urls={ruling.evidence} />
    </li>
  );
}
