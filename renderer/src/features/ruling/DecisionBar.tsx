// The decisions this kind of dispute allows, each with its number key.
import type { DisputeDetail } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { decisionsFor } from '../../lib/draft';
import { DECISION_BUTTON } from '../../lib/format';
import { decisionKey } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';

export function DecisionBar({ detail }: { detail: DisputeDetail }) {
  const chosen = useRulingStore((s) => s.draft.decision);
  const choose = useRulingStore((s) => s.choose);
  return (
    <div className="decision-bar" role="radiogroup" aria-label="Decision">
      {decisionsFor(detail).map((decision, i) => (
        <button
          key={decision}
          type="button"
          role="radio"
          data-enter-save=""
          aria-checked={chosen === decision}
          className={`decision ${chosen === decision ? 'decision-chosen' : ''}`}
          title={`${DECISION_LABELS[decision]} (key ${decisionKey(i) ?? '–'})`}
          onClick={() => choose(detail, i)}
        >
          <span className="decision-key">{decisionKey(i)}</span>
          {DECISION_BUTTON[decision]}
        </button>
      ))}
    </div>
  );
}
