// What saving writes into gold, before it is saved: the exact operation, in
// the words the command line's `rule` prints (shared/gold-operation.ts), e.g.
// `set_cell row 8 "Opening date": "2005-06-24" → "2005-11-09"`, right under
// the decisions so it stays in view. An add_row's cells are the list under
// it (NewRowCells), each with its value and system, so they are counted here
// rather than said twice. Nothing is shown until the draft would save.
import type { DisputeDetail } from '../../../../shared/api-types';
import { buildRuleInput } from '../../lib/draft';
import { draftOperation } from '../../lib/gold-preview';
import { operationLines, operationOneLine } from '../../lib/operation-text';
import { newRowColumns } from '../../lib/add-row';
import { useRulingStore } from '../../stores/ruling-store';

export function GoldOperationPreview({ detail }: { detail: DisputeDetail }) {
  const draft = useRulingStore((s) => s.draft);
  if (draft.disputeId !== detail.dispute.id || draft.decision == null) return null;
  // The evidence box (perhaps half typed) does not change what is written.
  const built = buildRuleInput({ ...draft, evidenceText: '' }, detail);
  if (!built.ok) return null;
  const operation = draftOperation(detail, built.input, draft);
  const full = operationOneLine(operation);
  return (
    <div className="gold-write" title={`The gold operation saving writes (the patch carries it): ${full}`}>
      <span className="field-label">Writes</span>
      <code className={`gold-operation ${operation.op === 'none' ? 'gold-operation-none' : ''}`}>
        {operation.op === 'add_row' ? operationLines(operation)[0] : full}
      </code>
      {operation.op === 'add_row' && (
        <span className="muted small">{cellsSummary(operation.cells.length, newRowColumns(detail).length)}</span>
      )}
    </div>
  );
}

/** "with 7 cells (listed below; 2 left blank)". */
function cellsSummary(written: number, columns: number): string {
  const blank = columns - written;
  return `with ${written} cell${written === 1 ? '' : 's'}, listed below${blank > 0 ? `; ${blank} left blank` : ''}`;
}
