// Compose and save a ruling, keyboard first: numbers choose, letters pick,
// Enter saves and moves on. Sits under the dispute so it is always in view.
import type { DisputeDetail, RulingView } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { oneLine } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useRulingStore } from '../../stores/ruling-store';
import { Kbd } from '../../ui/Kbd';
import { idleRulingLine, myCountedRuling, rulingText } from '../dispute/ruling-states';
import { retractRuling, saveRuling } from '../review/actions';
import { DecisionBar } from './DecisionBar';
import { EvidenceEditor } from './EvidenceEditor';
import { GoldOperationPreview } from './GoldOperationPreview';
import { OutcomePreview } from './OutcomePreview';
import { ValueEditor } from './ValueEditor';
import { useFocusRequest } from './useFocusRequest';

export function RulingForm({ detail }: { detail: DisputeDetail }) {
  const engineer = useInfoStore((s) => s.info?.engineer);
  const saving = useRulingStore((s) => s.saving);
  const error = useRulingStore((s) => s.error);
  const mine = myCountedRuling(detail.rulings, engineer);
  const who = oneLine(engineer ?? '…');
  const counted = mine ? rulingText(mine) : '';
  const drafting = useRulingStore((s) => s.draft.decision != null);
  return (
    <section className="ruling-form" aria-label="Your ruling">
      <div className="ruling-form-body">
        <header className="ruling-form-head">
          <h3 className="section-title">Your ruling</h3>
          <ChosenSummary mine={mine} />
          <OutcomePreview detail={detail} />
          {/* With nothing drafted the line before says the counted ruling; beside a new draft it is said here. */}
          {mine && drafting ? (
            <span className="muted small ruling-as" title={`Your counted ruling, as ${who}: ${counted}`}>
              as <strong className="as-engineer">{who}</strong> · counted now: <strong>{counted}</strong>
            </span>
          ) : (
            <span className="muted small ruling-as" title={`Your ruling is recorded as ${who}`}>
              as <strong className="as-engineer">{who}</strong>
            </span>
          )}
        </header>
        <DecisionBar detail={detail} />
        <GoldOperationPreview detail={detail} />
        <ValueEditor detail={detail} />
        <RationaleField />
        <EvidenceEditor key={detail.dispute.id} reports={detail.reports} />
      </div>
      <footer className="ruling-actions">
        {error != null && (
          <span className="error-text" role="alert">
            {error}
          </span>
        )}
        <span className="spacer" />
        {mine && (
          <button type="button" className="button" onClick={() => void retractRuling()} title="Retract my ruling (u)">
            Retract <Kbd>u</Kbd>
          </button>
        )}
        <button type="button" className="button button-primary" disabled={saving} onClick={() => void saveRuling()}>
          {saving ? 'Saving…' : 'Save & next'} <Kbd>Enter</Kbd>
        </button>
      </footer>
    </section>
  );
}

/** The decision drafted; with none, the engineer's counted ruling (or that there is none yet). */
function ChosenSummary({ mine }: { mine: RulingView | null }) {
  const decision = useRulingStore((s) => s.draft.decision);
  if (decision == null) {
    const line = idleRulingLine(mine);
    return (
      <span className={`chosen-none ${mine ? 'chosen-mine' : ''}`} title={line}>
        {line}
      </span>
    );
  }
  return <span className="chosen">{DECISION_LABELS[decision]}</span>;
}

function RationaleField() {
  const rationale = useRulingStore((s) => s.draft.rationale);
  const update = useRulingStore((s) => s.update);
  const ref = useFocusRequest<HTMLTextAreaElement>('rationale');
  return (
    <label className="field field-inline field-top">
      <span className="field-label">Rationale</span>
      <textarea
        ref={ref}
        className="input rationale-input"
        rows={1}
        placeholder="Why (key r; Ctrl+Enter saves)"
        value={rationale}
        onChange={(e) => update({ rationale: e.target.value })}
      />
    </label>
  );
}
