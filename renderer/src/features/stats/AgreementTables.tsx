// Agreement as text: the pairs of one scope, and the breakdowns by rule type
// and by dispute kind (a row picks the scope the heat map shows).
import type { AgreementSummary } from '../../../../shared/api-types';
import { agreementBand, bandClass, formatCoefficient, formatShare } from '../../lib/coefficients';
import { formatCount, oneLine } from '../../lib/format';
import type { Scope } from './stats-data';

function Coefficient({ value }: { value: number | null }) {
  const band = agreementBand(value);
  return (
    <span className={`coef ${bandClass(band)}`} title={band ?? 'undefined: no overlap or no variation'}>
      {formatCoefficient(value)}
    </span>
  );
}

export function PairsTable({ summary }: { summary: AgreementSummary }) {
  if (summary.pairs.length === 0)
    return <p className="muted stat-empty">No pair of engineers has ruled on the same dispute here yet.</p>;
  return (
    <table className="data-table stat-table">
      <thead>
        <tr>
          <th scope="col">Engineers</th>
          <th scope="col" className="num" title="disputes both ruled on">
            Shared
          </th>
          <th scope="col" className="num">
            Agree
          </th>
          <th scope="col" className="num" title="Cohen's kappa">
            κ
          </th>
        </tr>
      </thead>
      <tbody>
        {summary.pairs.map((p) => (
          <tr key={`${p.a}\u0000${p.b}`}>
            <td>
              <span className="engineer">{oneLine(p.a)}</span> <span className="muted">×</span>{' '}
              <span className="engineer">{oneLine(p.b)}</span>
            </td>
            <td className="num">{formatCount(p.n)}</td>
            <td className="num">{formatShare(p.percent)}</td>
            <td className="num">
              <Coefficient value={p.kappa} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface BreakdownTableProps {
  heading: string;
  scopes: readonly Scope[];
  selected: string;
  onSelect: (id: string) => void;
}

export function BreakdownTable({ heading, scopes, selected, onSelect }: BreakdownTableProps) {
  if (scopes.length === 0) return <p className="muted stat-empty">Nothing ruled by two engineers yet.</p>;
  return (
    <table className="data-table stat-table stat-table-select">
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className="num" title="disputes ruled by at least two engineers">
            Disputes
          </th>
          <th scope="col" className="num">
            Agree
          </th>
          <th scope="col" className="num" title="Krippendorff's alpha (nominal)">
            α
          </th>
          <th scope="col" className="num" title="lowest and highest pairwise Cohen's kappa">
            κ range
          </th>
        </tr>
      </thead>
      <tbody>
        {scopes.map((scope) => (
          <BreakdownRow
            key={scope.id}
            scope={scope}
            selected={scope.id === selected}
            onSelect={() => onSelect(scope.id)}
          />
        ))}
      </tbody>
    </table>
  );
}

function kappaRange(summary: AgreementSummary): string {
  const kappas = summary.pairs.map((p) => p.kappa).filter((k): k is number => k != null);
  if (kappas.length === 0) return '—';
  const lo = Math.min(...kappas);
  const hi = Math.max(...kappas);
  return lo === hi ? formatCoefficient(lo) : `${formatCoefficient(lo)} – ${formatCoefficient(hi)}`;
}

function BreakdownRow({ scope, selected, onSelect }: { scope: Scope; selected: boolean; onSelect: () => void }) {
  const { summary } = scope;
  return (
    <tr className={selected ? 'row-selected' : ''}>
      <td>
        <button
          type="button"
          className="row-select"
          aria-pressed={selected}
          title="Show this slice in the heat map and pair table"
          onClick={onSelect}
        >
          {scope.label}
        </button>
      </td>
      <td className="num">{formatCount(summary.disputes)}</td>
      <td className="num">{formatShare(summary.percent_agreement)}</td>
      <td className="num">
        <Coefficient value={summary.alpha} />
      </td>
      <td className="num muted">{kappaRange(summary)}</td>
    </tr>
  );
}
