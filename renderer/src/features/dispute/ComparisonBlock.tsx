// The comparison the engineer came for, first in the panel: gold on top, then
// one line per cluster (its letter, value in the column's format and as the
// systems spelled it, systems, verdicts, grading method, how it differs from
// gold). Each system's cell, reasoning and sources are under "Systems" below.
import type { DisputeDetail } from '../../../../shared/api-types';
import { comparisonLines, methodsText } from '../../lib/cluster-compare';
import { goldDisplay, oneLine, plural } from '../../lib/format';
import { clusterKey } from '../../lib/keys';
import { rowText } from '../../lib/reports';
import { useRulingStore } from '../../stores/ruling-store';
import { ValueText } from '../../ui/ValueText';
import { FittedSourceList } from './SystemCellTable';

export function ComparisonBlock({ detail }: { detail: DisputeDetail }) {
  const picked = useRulingStore((s) => s.draft.picked);
  const pick = useRulingStore((s) => s.pick);
  const { dispute } = detail;
  const row = detail.gold_row;
  const systems = new Set(detail.clusters.flatMap((c) => c.systems)).size;
  const lines = comparisonLines(detail);
  return (
    <section className="section comparison" aria-label="Gold vs systems">
      <header className="section-head">
        <h3 className="section-title">Gold vs systems</h3>
        <div className="section-aside muted small">
          {row ? `row ${rowText(dispute.gold_row)} · ${oneLine(row.entity)} · ` : ''}
          {plural(detail.clusters.length, 'value')} · {plural(systems, 'system')}
        </div>
      </header>
      <table className="compare-table">
        <colgroup>
          <col className="compare-col-key" />
          <col className="compare-col-value" />
          <col className="compare-col-count" />
          <col className="compare-col-verdicts" />
          <col className="compare-col-method" />
          <col className="compare-col-diff" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" aria-label="key" />
            <th scope="col" title="the value in the column’s format; below it, as the systems spelled it">
              Value
            </th>
            <th scope="col" title="systems giving this value" className="num">
              Sys
            </th>
            <th scope="col" title="how the systems’ cells were graded">
              Verdicts
            </th>
            <th scope="col" title="grading method: the column’s deterministic rule or an LLM judge">
              Graded by
            </th>
            <th scope="col" title="how the value differs from gold, in the column’s terms">
              vs gold
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="compare-gold" data-testid="compare-gold">
            <td>
              <span className="compare-gold-mark" title="gold today">
                G
              </span>
            </td>
            <td colSpan={5}>
              <ValueText
                display={goldDisplay(detail.gold, dispute.kind, dispute.contesting)}
                className="compare-value"
              />
              {detail.gold.alternatives.length > 0 && (
                <span className="compare-spellings">
                  also accepted:{' '}
                  {detail.gold.alternatives.map((alt, i) => (
                    <span key={`${i}-${alt}`} className="chip chip-alt">
                      {oneLine(alt)}
                    </span>
                  ))}
                </span>
              )}
            </td>
          </tr>
          {detail.clusters.map((cluster, i) => {
            const line = lines[i]!;
            const key = clusterKey(i);
            return (
              // By position: the lines hold no state, so the next dispute's lines reuse these rows.
              <tr
                key={i}
                className={`compare-line ${picked === i ? 'compare-picked' : ''} ${cluster.agrees_with_gold ? 'compare-agrees' : ''}`}
                data-testid="compare-line"
                onClick={() => pick(detail, i)}
                title={cluster.systems.map(oneLine).join(', ')}
              >
                <td>
                  <button
                    type="button"
                    className="cluster-key"
                    data-enter-save=""
                    onClick={(e) => (e.stopPropagation(), pick(detail, i))}
                    title={key ? `Pick this value (key ${key})` : 'Pick this value'}
                  >
                    {key ?? '·'}
                  </button>
                </td>
                <td className="compare-value-cell">
                  <ValueText
                    display={
                      line.value === ''
                        ? { text: '(empty)', tone: 'muted' }
                        : { text: oneLine(line.value), tone: 'value' }
                    }
                    className="compare-value"
                  />
                  {line.spellings.length > 0 && (
                    <span className="compare-spellings" title="as the systems spelled it (how many systems)">
                      {line.spellings.map((s, n) => (
                        <span key={s.text} className="compare-spelling">
                          {n === 0 ? (line.also ? 'also ' : 'as ') : ''}“{oneLine(s.text)}” ×{s.count}
                          {n < line.spellings.length - 1 ? ', ' : ''}
                        </span>
                      ))}
                    </span>
                  )}
                </td>
                <td className="num">{line.count}</td>
                <td className="compare-verdicts">
                  {line.verdicts.map((v) => (
                    <span key={v.verdict} className={`verdict verdict-${v.verdict}`}>
                      {v.count} {v.verdict.replace('_', ' ')}
                    </span>
                  ))}
                  {line.gradedAgainstOlder && (
                    <span
                      className="graded-against"
                      title="some cells were graded against gold a revision has changed since"
                    >
                      older gold
                    </span>
                  )}
                </td>
                <td className="method">{methodsText(line.methods)}</td>
                <td className={`compare-diff compare-diff-${line.diff.tone}`}>{line.diff.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {detail.gold.sources.length > 0 && (
        <div className="compare-gold-sources">
          <span className="label">gold sources</span>
          <FittedSourceList urls={detail.gold.sources} />
        </div>
      )}
    </section>
  );
}
