// The results: the estimate with its 95% interval, each stratum's rate with
// its own interval (table and chart), progress, the estimate after each
// exported revision, and the sentence for a dataset card with a Copy button.
import { useMemo, useRef, useState } from 'react';
import { grouped, percent, percentRange } from '../../../../shared/audit';
import type { AuditEstimateView, AuditOverview } from '../../../../shared/audit';
import { notify } from '../../stores/ui-store';
import { EChart } from '../stats/EChart';
import type { IntervalRow } from './interval-chart';
import { intervalOption } from './interval-chart';

function intervalRows(estimate: AuditEstimateView): IntervalRow[] {
  const rows: IntervalRow[] = [];
  if (estimate.rate !== null && estimate.ci_low !== null && estimate.ci_high !== null)
    rows.push({ label: 'overall', rate: estimate.rate, low: estimate.ci_low, high: estimate.ci_high });
  for (const s of estimate.strata)
    if (s.rate !== null && s.ci_low !== null && s.ci_high !== null)
      rows.push({ label: s.name, rate: s.rate, low: s.ci_low, high: s.ci_high });
  return rows;
}

export function ResultsSection({ overview }: { overview: AuditOverview }) {
  const { estimate } = overview;
  const rows = useMemo(() => intervalRows(estimate), [estimate]);
  const option = useMemo(() => intervalOption(rows), [rows]);
  const settled = estimate.n + estimate.unsure;
  return (
    <section className="audit-card" aria-label="Results">
      <header className="audit-card-head">
        <h2>Results</h2>
        <span className="muted small">
          {grouped(settled)} of {grouped(estimate.audited)} audited cells settled · {estimate.unsure} unsure ·{' '}
          {estimate.pending} not settled
          {estimate.conflicts > 0 ? ` (${estimate.conflicts} in conflict)` : ''}
        </span>
      </header>
      <div
        className="progress audit-progress"
        role="progressbar"
        aria-label="Audited cells settled"
        aria-valuemin={0}
        aria-valuemax={estimate.audited}
        aria-valuenow={settled}
      >
        <div
          className="progress-fill"
          style={{ width: `${estimate.audited === 0 ? 0 : (100 * settled) / estimate.audited}%` }}
        />
      </div>
      {estimate.rate === null || estimate.ci_low === null || estimate.ci_high === null ? (
        <p className="muted">No estimate yet: it needs at least one settled cell verdicted correct or incorrect.</p>
      ) : (
        <div className="audit-results">
          <div className="audit-figure" data-testid="audit-estimate">
            <span className="audit-figure-value">{percent(estimate.rate)}</span>
            <span className="audit-figure-label">of gold values incorrect</span>
            <span className="audit-figure-ci">95% CI {percentRange(estimate.ci_low, estimate.ci_high)}</span>
            <span className="muted small">
              n = {grouped(estimate.n)}, n_eff = {estimate.n_eff!.toFixed(1)}
            </span>
          </div>
          <div className="audit-chart" data-testid="audit-chart">
            <EChart
              option={option}
              height={40 + rows.length * 34}
              label="Estimated share of incorrect gold, overall and by stratum, with 95% intervals"
            />
          </div>
        </div>
      )}
      <table className="data-table audit-strata">
        <thead>
          <tr>
            <th>stratum</th>
            <th>frame N_h</th>
            <th>settled n_h</th>
            <th>incorrect</th>
            <th>rate</th>
            <th>95% CI (Wilson, n_h)</th>
          </tr>
        </thead>
        <tbody>
          {estimate.strata.map((s) => (
            <tr key={s.name}>
              <td>{s.name}</td>
              <td className="tabular">{grouped(s.frame)}</td>
              <td className="tabular">{grouped(s.n)}</td>
              <td className="tabular">{grouped(s.incorrect)}</td>
              <td className="tabular">{s.rate === null ? '—' : percent(s.rate)}</td>
              <td className="tabular">
                {s.ci_low === null || s.ci_high === null ? '—' : percentRange(s.ci_low, s.ci_high)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {estimate.notes.map((note) => (
        <p key={note} className="warning-text small">
          {note}.
        </p>
      ))}
      {overview.revisions.length > 0 && (
        <ul className="audit-revisions">
          {overview.revisions.map((revision) => (
            <li key={revision.revision}>
              {revision.revision} fixes {revision.fixed} of the {revision.found} error{revision.found === 1 ? '' : 's'}{' '}
              found
              {revision.rate !== null && revision.ci_low !== null && revision.ci_high !== null
                ? `; estimated rate after ${revision.revision}: ${percent(revision.rate)} (95% CI ${percentRange(revision.ci_low, revision.ci_high)})`
                : ''}
            </li>
          ))}
        </ul>
      )}
      {estimate.sentence !== null && <CardSentence sentence={estimate.sentence} />}
      <details className="audit-method">
        <summary className="small">Method</summary>
        <p className="small muted">{estimate.method}</p>
      </details>
    </section>
  );
}

function CardSentence({ sentence }: { sentence: string }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sentence);
    } catch {
      // Without clipboard permission, fall back to the selection.
      box.current?.select();
      if (!document.execCommand('copy')) {
        notify('Could not copy: select the text and copy it by hand.', 'error');
        return;
      }
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div className="audit-sentence">
      <span className="field-label">For the dataset card (Markdown)</span>
      <textarea
        ref={box}
        className="input audit-sentence-text"
        readOnly
        rows={4}
        value={sentence}
        aria-label="Sentence for the dataset card"
      />
      <button
        type="button"
        className="button button-small"
        onClick={(e) => {
          e.currentTarget.blur();
          void copy();
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
