// What gold says today: value or state, accepted alternatives, sources, and
// the gold row it belongs to.
import type { DisputeDetail } from '../../../../shared/api-types';
import { goldDisplay } from '../../lib/format';
import { ValueText } from '../../ui/ValueText';
import { Section } from '../../ui/Section';
import { SourceList } from './SourceLink';

export function GoldBlock({ detail }: { detail: DisputeDetail }) {
  const { dispute, gold, gold_row: row } = detail;
  if (dispute.kind === 'missing_row') {
    return (
      <Section title="Gold">
        <div className="muted">No gold row for “{dispute.entity}” in task {dispute.task_id}.</div>
      </Section>
    );
  }
  return (
    <Section
      title="Gold"
      aside={row ? <span className="muted small">row {dispute.gold_row} · {row.entity}{row.aliases.length > 0 ? ` (aka ${row.aliases.join(', ')})` : ''}</span> : null}
    >
      <div className="gold-value">
        <ValueText display={goldDisplay(gold, dispute.kind)} />
      </div>
      {gold.alternatives.length > 0 && (
        <div className="alternatives">
          <span className="label">also accepted</span>
          {gold.alternatives.map((alt, i) => (
            <span key={`${i}-${alt}`} className="chip chip-alt">
              {alt}
            </span>
          ))}
        </div>
      )}
      <SourceList urls={gold.sources} empty="No gold sources." />
    </Section>
  );
}
