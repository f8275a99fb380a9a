// Progress by status: one stacked bar (resolved, conflict, open) and the
// same counts as text beside it.
import { useMemo } from 'react';
import type { StatusCounts } from '../../../../shared/api-types';
import { formatShare } from '../../lib/coefficients';
import { formatCount } from '../../lib/format';
import { progressOption } from './chart-options';
import { EChart } from './EChart';
import { StatCard } from './StatCard';

const ORDER = ['resolved', 'conflict', 'open'] as const;

export function ProgressCard({ progress }: { progress: StatusCounts }) {
  const option = useMemo(() => progressOption(progress), [progress]);
  const total = progress.total;
  return (
    <StatCard
      title="Progress by status"
      wide
      aside={<span className="muted small tabular">{formatCount(total)} disputes</span>}
    >
      <EChart
        option={option}
        height={30}
        label={`Progress: ${ORDER.map((s) => `${progress[s]} ${s}`).join(', ')} of ${total}`}
        className="progress-chart"
      />
      <ul className="progress-legend tabular">
        {ORDER.map((status) => (
          <li key={status} className={`count count-${status}`}>
            <span className="dot" />
            <strong>{formatCount(progress[status])}</strong> {status}
            <span className="muted">{total > 0 ? formatShare(progress[status] / total) : '—'}</span>
          </li>
        ))}
      </ul>
    </StatCard>
  );
}
