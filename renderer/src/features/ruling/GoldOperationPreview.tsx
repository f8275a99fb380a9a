// What saving writes into gold, before it is saved: the exact operation, in
// the words the command line's `rule` prints (shared/gold-operation.ts), e.g.
// `set_cell row 8 "Opening date": "2005-06-24" → "2005-11-09"`. An add_row
// lists every cell it writes. Nothing is shown until the draft would save.
import type { DisputeDetail } from '../../../../shared/api-types';
import { buildRuleInput } from '../../lib/draft';
import { draftOperation } from '../../lib/gold-preview';
import { operationOneLine } from '../../lib/operation-text';
import { useRulingStore } from '../../stores/ruling-store';

export function GoldOperationPreview({ detail }: { detail: DisputeDetail }) {
  const draft = useRulingStore((s) => s.draft);
  if (draft.disputeId !== detail.dispute.id || draft.decision == null) return null;
  // The evidence box (perhaps half typed) does not change what is written.
  const built = buildRuleInput({ ...draft, evidenceText: '' }, detail);
  if (!built.ok) return null;
  const operation = draftOperation(detail, built.input, draft);
  return (
    <div className="gold-write" title="The gold operation saving writes (the patch carries it)">
      <span className="field-label">Writes</span>
      <code className={`gold-operation ${operation.op === 'none' ? 'gold-operation-none' : ''}`}>
        {operationOneLine(operation)}
      </code>
    </div>
  );
}
