// The task question (decrypted by the service) and the disputed column's rule.
import { useState } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { ruleText } from '../../lib/format';

export function QuestionBlock({ detail }: { detail: DisputeDetail }) {
  // Stays as the engineer left it while they walk the queue.
  const [expanded, setExpanded] = useState(false);
  const { dispute } = detail;
  return (
    <section className="section question">
      <div className="question-text-wrap">
        <p className={`question-text ${expanded ? '' : 'clamped'}`}>{detail.question ?? 'Question not available (dataset not imported).'}</p>
        {detail.question != null && detail.question.length > 180 && (
          <button type="button" className="link-button" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
            {expanded ? 'Show less' : 'Show all'}
          </button>
        )}
      </div>
      {dispute.column != null && (
        <div className="column-rule">
          <span className="column-name">{dispute.column}</span>
          <span className="rule-text">{ruleText(detail.column_rule)}</span>
        </div>
      )}
    </section>
  );
}
