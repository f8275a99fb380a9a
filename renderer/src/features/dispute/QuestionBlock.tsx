// The task question (decrypted by the service) and the disputed column's rule.
import type { DisputeDetail } from '../../../../shared/api-types';
import { oneLine, ruleText, shownText } from '../../lib/format';
import { useUiStore } from '../../stores/ui-store';

export function QuestionBlock({ detail }: { detail: DisputeDetail }) {
  const expanded = useUiStore((s) => s.questionExpanded);
  const toggle = useUiStore((s) => s.toggleQuestion);
  const { dispute } = detail;
  return (
    <section className="section question">
      <div className="question-text-wrap">
        <p className={`question-text ${expanded ? '' : 'clamped'}`}>
          {detail.question != null ? shownText(detail.question) : 'Question not available (dataset not imported).'}
        </p>
        {detail.question != null && detail.question.length > 180 && (
          <button type="button" className="link-button" onClick={toggle} aria-expanded={expanded}>
            {expanded ? 'Show less' : 'Show all'}
          </button>
        )}
      </div>
      {dispute.column != null && (
        <div className="column-rule">
          <span className="column-name">{oneLine(dispute.column)}</span>
          <span className="rule-text">{oneLine(ruleText(detail.column_rule))}</span>
        </div>
      )}
    </section>
  );
}
