// What saving the draft would make of the dispute under the policy: resolved,
// still open (k of n agreeing), or a conflict. Unknown under blind review
// until I have ruled, so nothing is shown then.
import type { DisputeDetail } from '../../../../shared/api-types';
import { predictOutcome } from '../../lib/comparison';
import { buildRuleInput } from '../../lib/draft';
import { useInfoStore } from '../../stores/info-store';
import { useRulingStore } from '../../stores/ruling-store';

export function OutcomePreview({ detail }: { detail: DisputeDetail }) {
  const draft = useRulingStore((s) => s.draft);
  const engineer = useInfoStore((s) => s.info?.engineer);
  const required = useInfoStore((s) => s.info?.policy.required ?? 1);
  if (!engineer || draft.disputeId !== detail.dispute.id) return null;
  // The evidence box (perhaps half typed) has no say in agreement.
  const built = buildRuleInput({ ...draft, evidenceText: '' }, detail);
  if (!built.ok) return null;
  const outcome = predictOutcome(detail, built.input, engineer, required);
  if (!outcome) return null;
  const text =
    outcome.status === 'resolved'
      ? `resolves it (${outcome.agreeing} agreeing)`
      : outcome.status === 'conflict'
        ? `conflict (${outcome.disagreeing} disagree${outcome.disagreeing === 1 ? 's' : ''})`
        : `stays open (${outcome.agreeing} of ${outcome.required} agreeing)`;
  return (
    <span
      className={`outcome outcome-${outcome.status}`}
      title="The dispute's status after saving, under the store's policy"
    >
      saving → {text}
    </span>
  );
}
