// Who ruled how much, when: rulings per engineer per day as a stacked bar
// chart, and the same numbers as a table (the latest days; totals cover all).
import { useMemo } from 'react';
import type { AgreementStats } from '../../../../shared/api-types';
import { formatCount, oneLine, plural } from '../../lib/format';
import { engineerColour } from './chart-theme';
import { dailyOption, dayLabel } from './chart-options';
import { EChart } from './EChart';
import { StatCard } from './StatCard';
import { dailyRulings, type DailyRulings } from './stats-data';

export function ActivitySection({ stats }: { stats: AgreementStats }) {
  const daily = useMemo(() => dailyRulings(stats), [stats]);
  const colourOf = useMemo(() => {
    const order = daily.series.map((s) => s.engineer);
    return (engineer: string) => engineerColour(Math.max(0, order.indexOf(engineer)));
  }, [daily]);
  const option = useMemo(() => dailyOption(daily, colourOf), [daily, colourOf]);
  const total = daily.series.reduce((n, s) => n + s.total, 0);
  return (
    <section className="stats-section" aria-label="Activity">
      <header className="stats-section-head">
        <h2>Activity</h2>
        <span className="muted small">rulings made per engineer per UTC day (retractions excluded)</span>
      </header>
      <div className="stats-grid">
        <StatCard
          title="Rulings over time"
          aside={<span className="muted small tabular">{plural(total, 'ruling')}</span>}
        >
          {daily.days.length === 0 ? (
            <p className="muted stat-empty">No rulings yet.</p>
          ) : (
            <EChart
              option={option}
              height={250}
              label={`Rulings per day by engineer, ${daily.days[0]} to ${daily.days.at(-1)}`}
            />
          )}
        </StatCard>
        <StatCard title="Rulings per engineer per day">
          <PerDayTable daily={daily} colourOf={colourOf} />
        </StatCard>
      </div>
    </section>
  );
}

/** Days down (newest first), engineers across; scrolls under a sticky header. */
function PerDayTable({ daily, colourOf }: { daily: DailyRulings; colourOf: (engineer: string) => string }) {
  if (daily.series.length === 0) return <p className="muted stat-empty">No rulings yet.</p>;
  const order = daily.days.map((_, i) => i).reverse();
  return (
    <div className="stat-table-scroll per-day-scroll">
      <table className="data-table stat-table per-day-table">
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            {daily.series.map((s) => (
              <th key={s.engineer} scope="col" className="num">
                <span className="swatch" style={{ background: colourOf(s.engineer) }} aria-hidden="true" />
                {oneLine(s.engineer)}
              </th>
            ))}
            <th scope="col" className="num">
              All
            </th>
          </tr>
        </thead>
        <tbody>
          {order.map((i) => (
            <tr key={daily.days[i]}>
              <th scope="row" title={daily.days[i]}>
                {dayLabel(daily.days[i]!)}
              </th>
              {daily.series.map((s) => (
                <td key={s.engineer} className={`num ${s.counts[i] === 0 ? 'zero' : ''}`}>
                  {s.counts[i] === 0 ? '·' : formatCount(s.counts[i]!)}
                </td>
              ))}
              <td className="num total">{formatCount(daily.totals[i]!)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {daily.series.map((s) => (
              <td key={s.engineer} className="num">
                {formatCount(s.total)}
              </td>
            ))}
            <td className="num total">{formatCount(daily.totals.reduce((a, b) => a + b, 0))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
