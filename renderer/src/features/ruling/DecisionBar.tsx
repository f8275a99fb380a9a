// The decisions this kind of dispute allows, each on its key: the same key
// means the same in every kind of dispute (lib/keys.ts DECISION_KEY), so a
// bar can skip numbers (a missing row's are 1, 2 and 3; a whole-row report's
// 1 and 7).
import type { DisputeDetail } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { decisionsFor } from '../../lib/draft';
import { DECISION_BUTTON } from '../../lib/format';
import { DECISION_KEY, decisionKeyIndex } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';

export function DecisionBar({ detail }: { detail: DisputeDetail }) {
  const chosen = useRulingStore((s) => s.draft.decision);
  const choose = useRulingStore((s) => s.choose);
  const decisions = [...decisionsFor(detail)].sort((a, b) => decisionKeyIndex(a) - decisionKeyIndex(b));
  return (
    <div className="decision-bar" role="radiogroup" aria-label="Decision">
      {decisions.map((decision) => (
        <button
          key={decision}
          type="button"
          role="radio"
          data-enter-save=""
          aria-checked={chosen === decision}
          aria-keyshortcuts={DECISION_KEY[decision]}
          className={`decision ${chosen === decision ? 'decision-chosen' : ''}`}
          title={`${DECISION_LABELS[decision]} (key ${DECISION_KEY[decision]})`}
          onClick={() => choose(detail, decisionKeyIndex(decision))}
        >
          <span className="decision-key">{DECISION_KEY[decision]}</span>
          {DECISION_BUTTON[decision]}
        </button>
      ))}
    </div>
  );
}
