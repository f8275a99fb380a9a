// The counted rulings of several engineers side by side — engineer, decision,
// value, rationale, evidence, time — with who agrees with whom (A, B, …).
// In a conflict, "Agree" copies an engineer's decision and value into my
// ruling; saving it settles the dispute under the policy once all agree.
// Shift+<the position's letter> does the same from the keyboard (lib/agree.ts).
import type { ReactNode } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { countedPositions, groupLabel, type Position } from '../../lib/comparison';
import { agreeKey } from '../../lib/keys';
import { formatTime, oneLine, shownText } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useRulingStore } from '../../stores/ruling-store';
import { Kbd } from '../../ui/Kbd';
import { Section } from '../../ui/Section';
import { BlindNotice } from './RulingsBlock';
import { RulingValue } from './RulingValue';
import { SourceList } from './SourceLink';

export function RulingsComparison({ detail }: { detail: DisputeDetail }) {
  const engineer = useInfoStore((s) => s.info?.engineer);
  const required = useInfoStore((s) => s.info?.policy.required ?? 1);
  const positions = countedPositions(detail);
  const conflict = detail.dispute.status === 'conflict';
  if (detail.rulings_hidden) {
    if (!conflict) return null;
    return (
      <Section title="Rulings side by side">
        <BlindNotice engineers={detail.hidden_engineers} />
      </Section>
    );
  }
  if (positions.length < 2) return null;
  const groups = new Set(positions.map((p) => p.group)).size;
  const decisionsDiffer = new Set(positions.map((p) => p.ruling.decision)).size > 1;
  const valuesDiffer =
    new Set(positions.map((p) => JSON.stringify([p.ruling.value, p.ruling.row, p.ruling.values]))).size > 1;
  const title = groups > 1 ? 'Rulings disagree' : 'Rulings agree';
  return (
    <Section
      title={title}
      aside={
        <span className="muted small">
          {positions.length} engineers · {groups} position{groups === 1 ? '' : 's'} · {required} must agree
        </span>
      }
    >
      {groups > 1 && (
        <p className="compare-hint muted small">
          Resolved once every counted ruling agrees and {required} engineer{required === 1 ? '' : 's'} do. Re-rule to
          agree (“Agree” copies a position into your ruling), or retract.
        </p>
      )}
      <div className="compare-scroll">
        <table className="compare" aria-label="Counted rulings side by side">
          <thead>
            <tr>
              <th scope="col" className="compare-corner" />
              {positions.map((p) => (
                <EngineerHead key={p.ruling.id} position={p} mine={p.ruling.engineer === engineer} />
              ))}
            </tr>
          </thead>
          <tbody>
            <CompareRow
              label="Decision"
              positions={positions}
              differs={groups > 1 && decisionsDiffer}
              render={(p) => DECISION_LABELS[p.ruling.decision]}
            />
            <CompareRow
              label="Value"
              positions={positions}
              differs={groups > 1 && valuesDiffer}
              render={(p) =>
                p.ruling.value != null || p.ruling.row != null ? (
                  <RulingValue ruling={p.ruling} detail={detail} />
                ) : (
                  <span className="value-empty">—</span>
                )
              }
            />
            <CompareRow
              label="Rationale"
              positions={positions}
              render={(p) =>
                p.ruling.rationale ? (
                  <span className="compare-text">{shownText(p.ruling.rationale)}</span>
                ) : (
                  <span className="value-empty">—</span>
                )
              }
            />
            <CompareRow
              label="Evidence"
              positions={positions}
              render={(p) =>
                p.ruling.evidence.length > 0 ? (
                  <SourceList urls={p.ruling.evidence} />
                ) : (
                  <span className="value-empty">—</span>
                )
              }
            />
            <CompareRow
              label="Time"
              positions={positions}
              render={(p) => <time dateTime={p.ruling.created_at}>{formatTime(p.ruling.created_at)}</time>}
            />
            {groups > 1 && <AgreeRow detail={detail} positions={positions} engineer={engineer} />}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function EngineerHead({ position, mine }: { position: Position; mine: boolean }) {
  return (
    <th scope="col" className={`compare-head group-${position.group % 6}`}>
      <span
        className="group-badge"
        title={`Position ${groupLabel(position.group)}: engineers with the same letter agree`}
      >
        {groupLabel(position.group)}
      </span>
      <span className="engineer">{oneLine(position.ruling.engineer)}</span>
      {mine && <span className="chip chip-you">you</span>}
    </th>
  );
}

interface CompareRowProps {
  label: string;
  positions: readonly Position[];
  /** Mark the cells: this row is where the positions differ. */
  differs?: boolean;
  render: (p: Position) => ReactNode;
}

function CompareRow({ label, positions, differs = false, render }: CompareRowProps) {
  return (
    <tr className={differs ? 'compare-differs' : ''}>
      <th scope="row">{label}</th>
      {positions.map((p) => (
        <td key={p.ruling.id} className={`group-${p.group % 6}`}>
          {render(p)}
        </td>
      ))}
    </tr>
  );
}

function AgreeRow({
  detail,
  positions,
  engineer,
}: {
  detail: DisputeDetail;
  positions: readonly Position[];
  engineer: string | undefined;
}) {
  const adopt = useRulingStore((s) => s.adopt);
  const mineGroup = positions.find((p) => p.ruling.engineer === engineer)?.group;
  return (
    <tr className="compare-actions">
      <th scope="row" />
      {positions.map((p) => (
        <td key={p.ruling.id}>
          {p.group === mineGroup ? (
            <span className="muted small">{p.ruling.engineer === engineer ? 'your position' : 'agrees with you'}</span>
          ) : (
            <AgreeButton position={p} onAgree={() => adopt(detail, p.ruling)} />
          )}
        </td>
      ))}
    </tr>
  );
}

function AgreeButton({ position, onAgree }: { position: Position; onAgree: () => void }) {
  const name = oneLine(position.ruling.engineer);
  const key = agreeKey(position.group);
  return (
    <button
      type="button"
      className="button button-small"
      data-enter-save=""
      aria-keyshortcuts={key ? `Shift+${key}` : undefined}
      title={`Copy ${name}’s decision and value into your ruling${key ? ` (Shift+${key})` : ''}; Enter saves`}
      onClick={onAgree}
    >
      Agree with {name}
      {key && (
        <>
          {' '}
          <Kbd>{key}</Kbd>
        </>
      )}
    </button>
  );
}
