// Agreement between engineers, for one scope at a time (all disputes, a rule
// type, or a dispute kind): headline figures, the pairwise kappa heat map,
// the pair table, and the breakdowns that choose the scope.
import { useMemo } from 'react';
import type { AgreementStats } from '../../../../shared/api-types';
import { agreementBand, alphaReading, bandClass, formatCoefficient, formatShare } from '../../lib/coefficients';
import { formatCount } from '../../lib/format';
import { useStatsStore } from '../../stores/stats-store';
import { BreakdownTable, PairsTable } from './AgreementTables';
import { KAPPA_BANDS, UNDEFINED_CELL } from './chart-theme';
import { kappaOption } from './chart-options';
import { EChart } from './EChart';
import { StatCard } from './StatCard';
import { findScope, kappaMatrix, pairedEngineers, scopesOf, type Scope } from './stats-data';

export function AgreementSection({ stats }: { stats: AgreementStats }) {
  const scopeId = useStatsStore((s) => s.scope);
  const setScope = useStatsStore((s) => s.setScope);
  const scopes = useMemo(() => scopesOf(stats), [stats]);
  const scope = findScope(scopes, scopeId);
  return (
    <section className="stats-section" aria-label="Agreement">
      <header className="stats-section-head">
        <h2>Agreement</h2>
        <ScopeSelect scopes={scopes} value={scope.id} onChange={setScope} />
        <span className="muted small">
          over disputes ruled by at least two engineers; two rulings agree when decision and normalised value agree
        </span>
      </header>
      <Figures scope={scope} />
      <div className="stats-grid">
        <StatCard title="Pairwise Cohen’s κ" aside={<span className="muted small">{scope.label}</span>}>
          <KappaHeatmap stats={stats} scope={scope} />
        </StatCard>
        <StatCard title="Pairs" aside={<span className="muted small">{scope.label}</span>}>
          <PairsTable summary={scope.summary} />
        </StatCard>
        <StatCard title="By column rule type">
          <BreakdownTable
            heading="Rule type"
            scopes={scopes.filter((s) => s.group === 'rule type')}
            selected={scope.id}
            onSelect={setScope}
          />
        </StatCard>
        <StatCard title="By dispute kind">
          <BreakdownTable
            heading="Kind"
            scopes={scopes.filter((s) => s.group === 'kind')}
            selected={scope.id}
            onSelect={setScope}
          />
        </StatCard>
      </div>
    </section>
  );
}

function ScopeSelect({
  scopes,
  value,
  onChange,
}: {
  scopes: readonly Scope[];
  value: string;
  onChange: (id: string) => void;
}) {
  const groups = ['rule type', 'kind'] as const;
  return (
    <label className="scope-select">
      <span className="filter-label">Showing</span>
      <select className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="overall">All disputes</option>
        {groups.map((group) => (
          <optgroup key={group} label={`by ${group}`}>
            {scopes
              .filter((s) => s.group === group)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {group}: {s.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

function Figures({ scope }: { scope: Scope }) {
  const { summary } = scope;
  const band = agreementBand(summary.alpha);
  return (
    <div className="stat-figures">
      <Figure label="percent agreement" value={formatShare(summary.percent_agreement)} />
      <Figure
        label="Krippendorff’s α (nominal)"
        value={formatCoefficient(summary.alpha, 3)}
        band={band}
        note={alphaReading(summary.alpha)}
      />
      <Figure label="disputes ruled by ≥ 2 engineers" value={formatCount(summary.disputes)} />
      <Figure label="engineer pairs" value={formatCount(summary.pairs.length)} />
    </div>
  );
}

/**
 * A headline figure; `band`, for a coefficient, names its Landis & Koch band
 * beside it, and `note` how the coefficient's own author reads it.
 */
function Figure({
  label,
  value,
  band = null,
  note = null,
}: {
  label: string;
  value: string;
  band?: string | null;
  note?: string | null;
}) {
  return (
    <div className="stat-figure">
      <span className="stat-figure-n tabular">
        {value}
        {/* The band in its colour from the heat map's scale (slight is orange, not "good" green). */}
        {band != null && <span className={`stat-figure-note ${bandClass(band)}`}>{band}</span>}
      </span>
      <span className="stat-figure-label">{label}</span>
      {note != null && <span className="stat-figure-label muted small">{note}</span>}
    </div>
  );
}

function KappaHeatmap({ stats, scope }: { stats: AgreementStats; scope: Scope }) {
  const engineers = useMemo(() => pairedEngineers(scope.summary, stats.engineers), [scope, stats.engineers]);
  const option = useMemo(() => kappaOption(engineers, kappaMatrix(scope.summary, engineers)), [engineers, scope]);
  if (engineers.length < 2)
    return <p className="muted stat-empty">The heat map appears once two engineers have ruled on the same disputes.</p>;
  const height = Math.min(400, 40 + engineers.length * 46);
  return (
    <>
      <EChart
        option={option}
        height={height}
        label={`Cohen's kappa for each pair of engineers, ${scope.label}`}
        className="kappa-chart"
      />
      <BandLegend />
    </>
  );
}

/** Landis & Koch (1977) bands, as coloured in the heat map and the tables. */
function BandLegend() {
  return (
    <ul className="band-legend" aria-label="Kappa bands">
      {KAPPA_BANDS.map((band) => (
        <li key={band.label}>
          <span className="swatch" style={{ background: band.colour }} aria-hidden="true" />
          {band.label}
        </li>
      ))}
      <li>
        <span className="swatch swatch-outlined" style={{ background: UNDEFINED_CELL }} aria-hidden="true" />— undefined
      </li>
    </ul>
  );
}
