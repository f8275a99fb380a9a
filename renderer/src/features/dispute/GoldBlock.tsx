// What gold says today: value or state, accepted alternatives, sources, and
// the gold row it belongs to (numbered from 1, as everywhere on screen).
import type { DisputeDetail } from '../../../../shared/api-types';
import { missingRowInGold } from '../../../../shared/gold-row-named';
import { goldDisplay, oneLine } from '../../lib/format';
import { rowText } from '../../lib/reports';
import { ValueText } from '../../ui/ValueText';
import { Section } from '../../ui/Section';
import { SourceList } from './SourceLink';

export function GoldBlock({ detail }: { detail: DisputeDetail }) {
  // Names from the data, marked for display once here (see oneLine); values go through goldDisplay.
  const dispute = {
    ...detail.dispute,
    entity: oneLine(detail.dispute.entity),
    task_id: oneLine(detail.dispute.task_id),
  };
  const row = detail.gold_row && {
    ...detail.gold_row,
    entity: oneLine(detail.gold_row.entity),
    aliases: detail.gold_row.aliases.map(oneLine),
  };
  const gold = { ...detail.gold, alternatives: detail.gold.alternatives.map(oneLine) };
  if (dispute.kind === 'missing_row') {
    const now = missingRowInGold(detail);
    return (
      <Section title="Gold">
        {now ? (
          <div className="notice-inline" data-testid="missing-row-now-in-gold">
            Gold has it now: row {now.row + 1} · {oneLine(now.entity)}
            {now.aliases.length > 0 ? ` (aka ${now.aliases.map(oneLine).join(', ')})` : ''}.{' '}
            {detail.settled_by_revision != null
              ? `Added by revision ${oneLine(detail.settled_by_revision)}; the runs were graded before it.`
              : 'The runs’ grades did not align their row to it.'}
          </div>
        ) : (
          <div className="muted">
            No gold row for “{dispute.entity}” in task {dispute.task_id}.
          </div>
        )}
      </Section>
    );
  }
  if (dispute.kind === 'report' && dispute.column == null) {
    // A report against a whole gold row: the row is what is in question (remove_row applies).
    return (
      <Section
        title="Gold row"
        aside={
          <span className="muted small">
            row {rowText(dispute.gold_row)} of task {dispute.task_id}
          </span>
        }
      >
        <div className="gold-value">
          <span className="value value-value">{row?.entity ?? dispute.entity}</span>
        </div>
        {row && row.aliases.length > 0 && (
          <div className="alternatives">
            <span className="label">aka</span>
            {row.aliases.map((alias, i) => (
              <span key={`${i}-${alias}`} className="chip chip-alt">
                {alias}
              </span>
            ))}
          </div>
        )}
        <p className="muted small">
          The report is about the whole row, not one cell: “Remove row” takes it out of gold.
        </p>
      </Section>
    );
  }
  return (
    <Section
      title="Gold"
      aside={
        row ? (
          <span className="muted small">
            row {rowText(dispute.gold_row)} · {row.entity}
            {row.aliases.length > 0 ? ` (aka ${row.aliases.join(', ')})` : ''}
          </span>
        ) : null
      }
    >
      <div className="gold-value">
        <ValueText display={goldDisplay(gold, dispute.kind, dispute.contesting)} />
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
