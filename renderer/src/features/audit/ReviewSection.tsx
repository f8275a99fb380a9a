// Reviewing audited cells one by one: the list in review order beside the
// cell under review. Blind by default: gold, its sources, the question and
// the column's rule; the systems' values only when asked for (s), which the
// verdict then records as unblinded. Others' verdicts stay hidden under
// blind review until mine is given.
import type { AuditVerdict } from '../../../../shared/audit';
import { AUDIT_VERDICTS } from '../../../../shared/audit';
import type { AuditCellDetail, AuditCellItem } from '../../../../shared/audit';
import { Kbd } from '../../ui/Kbd';
import { useAuditStore } from '../../stores/audit-store';
import { openDisputeInQueue } from '../reports/actions';

const VERDICT_LABEL: Record<AuditVerdict, string> = { correct: 'Correct', incorrect: 'Incorrect', unsure: 'Unsure' };

export function ReviewSection() {
  const cells = useAuditStore((s) => s.cells);
  const detail = useAuditStore((s) => s.detail);
  if (cells.length === 0) {
    return (
      <section className="audit-card" aria-label="Review">
        <header className="audit-card-head">
          <h2>Review</h2>
        </header>
        <p className="muted">No cells drawn yet: draw a sample above, then review each cell here with the keyboard.</p>
      </section>
    );
  }
  return (
    <section className="audit-card audit-review" aria-label="Review">
      <CellList cells={cells} />
      {detail ? <CellCard detail={detail} /> : <p className="muted">Loading the cell…</p>}
    </section>
  );
}

function CellList({ cells }: { cells: AuditCellItem[] }) {
  const selectedId = useAuditStore((s) => s.selectedId);
  const select = useAuditStore((s) => s.select);
  const mine = cells.filter((cell) => cell.mine !== null).length;
  return (
    <div className="audit-list">
      <div className="audit-list-head">
        <h2>Cells</h2>
        <span className="muted small">
          <span className="audit-stratum-mark audit-stratum-disputed">D</span> disputed ·{' '}
          <span className="audit-stratum-mark audit-stratum-undisputed">U</span> undisputed
        </span>
        <span className="muted small" data-testid="audit-progress">
          {mine} of {cells.length} with my verdict
        </span>
      </div>
      <div className="audit-list-rows" role="listbox" aria-label="Audited cells">
        {cells.map((cell, index) => (
          <button
            key={cell.id}
            type="button"
            role="option"
            aria-selected={cell.id === selectedId}
            className={`audit-row ${cell.id === selectedId ? 'audit-row-selected' : ''}`}
            onClick={(e) => {
              e.currentTarget.blur();
              void select(cell.id);
            }}
          >
            <span className="tabular muted">{index + 1}</span>
            <span className="audit-row-cell" title={`${cell.task_id}, row ${cell.gold_row + 1}, ${cell.column}`}>
              {cell.task_id}
            </span>
            <span className="audit-row-where">
              <span className={`audit-stratum-mark audit-stratum-${cell.stratum}`} title={cell.stratum}>
                {cell.stratum === 'disputed' ? 'D' : 'U'}
              </span>
              row {cell.gold_row + 1} · {cell.column}
            </span>
            <span className={`audit-mine audit-mine-${cell.mine ?? 'none'}`}>{cell.mine ?? '—'}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

function CellCard({ detail }: { detail: AuditCellDetail }) {
  const draft = useAuditStore((s) => s.draft);
  const choose = useAuditStore((s) => s.choose);
  const setDraft = useAuditStore((s) => s.setDraft);
  const reveal = useAuditStore((s) => s.reveal);
  const save = useAuditStore((s) => s.save);
  const busy = useAuditStore((s) => s.busy);
  const { cell, gold } = detail;
  const chosen = draft.cellId === cell.id ? draft.verdict : null;
  const addEvidence = () => {
    const url = draft.evidenceInput.trim();
    if (url) setDraft({ evidence: [...draft.evidence, url], evidenceInput: '' });
  };
  return (
    <article className="audit-cell" aria-label="Cell under review" data-cell-id={cell.id}>
      <header className="audit-cell-head">
        <span className="mono small">{cell.id}</span>
        <span className={`chip audit-stratum-${cell.stratum}`}>{cell.stratum}</span>
        <span className="chip">round {cell.round}</span>
        <span className={`chip audit-status-${cell.status}`}>{cell.status}</span>
        {cell.verdict !== null && <span className="chip">settled: {cell.verdict}</span>}
      </header>
      <dl className="audit-facts">
        <dt>Task</dt>
        <dd>
          <span className="mono">{cell.task_id}</span>
          {detail.question !== null && <p className="audit-question">{detail.question}</p>}
        </dd>
        <dt>Row</dt>
        <dd>
          {cell.gold_row + 1}: <strong>{detail.entity ?? '—'}</strong>
          {detail.aliases.length > 0 && <span className="muted"> (also {detail.aliases.join(', ')})</span>}
        </dd>
        <dt>Column</dt>
        <dd>
          <strong>{cell.column}</strong>
          {detail.column_rule && (
            <span className="muted">
              {' '}
              — rule {detail.column_rule.type}
              {detail.column_rule.criterion ? `: ${detail.column_rule.criterion}` : ''}
              {detail.column_rule.options ? `: one of ${detail.column_rule.options.join(', ')}` : ''}
              {detail.column_rule.tolerance !== undefined ? ` (±${detail.column_rule.tolerance})` : ''}
            </span>
          )}
        </dd>
        <dt>Gold</dt>
        <dd>
          <span className="audit-gold" data-testid="audit-gold">
            {gold.state === 'blank' ? <em className="value-empty">blank (no such data exists)</em> : (gold.value ?? '')}
          </span>
          {gold.alternatives.length > 0 && (
            <span className="muted"> · also accepted: {gold.alternatives.join(' | ')}</span>
          )}
        </dd>
        <dt>Sources</dt>
        <dd>
          {gold.sources.length === 0 ? (
            <span className="muted">none</span>
          ) : (
            gold.sources.map((source) => (
              <div key={source} className="mono small audit-source">
                {source}
              </div>
            ))
          )}
        </dd>
      </dl>

      <SystemsBlock detail={detail} onReveal={() => void reveal()} />

      <div className="decision-bar audit-verdicts" role="group" aria-label="Verdict">
        {AUDIT_VERDICTS.map((verdict, index) => (
          <button
            key={verdict}
            type="button"
            data-enter-save
            className={`button audit-verdict audit-verdict-${verdict} ${chosen === verdict ? 'decision-chosen' : ''}`}
            aria-pressed={chosen === verdict}
            onClick={() => choose(index)}
          >
            <Kbd>{String(index + 1)}</Kbd> {VERDICT_LABEL[verdict]}
          </button>
        ))}
      </div>
      <label className="field field-wide">
        <span className="field-label">
          Why <Kbd>r</Kbd>
        </span>
        <textarea
          id="audit-rationale"
          className="input rationale-input"
          rows={2}
          value={draft.cellId === cell.id ? draft.rationale : ''}
          onChange={(e) => setDraft({ cellId: cell.id, rationale: e.target.value })}
          placeholder="What the sources say (Ctrl+Enter saves)"
        />
      </label>
      <label className="field field-wide">
        <span className="field-label">
          Evidence <Kbd>e</Kbd>
        </span>
        <input
          id="audit-evidence"
          className="input"
          value={draft.cellId === cell.id ? draft.evidenceInput : ''}
          onChange={(e) => setDraft({ cellId: cell.id, evidenceInput: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && draft.evidenceInput.trim() !== '') {
              e.preventDefault();
              addEvidence();
            }
          }}
          placeholder="https://… (Enter adds it)"
        />
      </label>
      {draft.cellId === cell.id && draft.evidence.length > 0 && (
        <ul className="evidence-list">
          {draft.evidence.map((url) => (
            <li key={url} className="mono small">
              {url}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          data-enter-save
          disabled={busy || chosen === null}
          onClick={() => void save()}
        >
          Save verdict <Kbd>Enter</Kbd>
        </button>
        {cell.mine !== null && <span className="muted small">my verdict: {cell.mine}</span>}
      </div>
      <VerdictsBlock detail={detail} />
      <FixBlock detail={detail} />
    </article>
  );
}

function SystemsBlock({ detail, onReveal }: { detail: AuditCellDetail; onReveal: () => void }) {
  if (detail.systems === null) {
    return (
      <div className="audit-blind">
        <span className="muted small">Blind: the systems’ values and verdicts are hidden.</span>
        <button
          type="button"
          className="button button-small"
          onClick={(e) => {
            e.currentTarget.blur();
            onReveal();
          }}
        >
          Show systems <Kbd>s</Kbd>
        </button>
      </div>
    );
  }
  return (
    <div className="audit-systems">
      <span className="chip chip-conflict">unblinded: my verdict on this cell records it</span>
      {detail.systems.length === 0 ? (
        <p className="muted small">No system graded this cell.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>system</th>
              <th>value</th>
              <th>grader’s verdict</th>
            </tr>
          </thead>
          <tbody>
            {detail.systems.map((system) => (
              <tr key={system.system}>
                <td>{system.system}</td>
                <td>{system.value === '' ? <em className="value-empty">empty</em> : system.value}</td>
                <td>{system.verdict}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function VerdictsBlock({ detail }: { detail: AuditCellDetail }) {
  if (detail.verdicts.length === 0 && detail.hidden_engineers === 0) return null;
  return (
    <div className="audit-verdict-history">
      <h3 className="section-title">Verdicts</h3>
      {detail.hidden_engineers > 0 && (
        <p className="muted small">
          {detail.hidden_engineers} other engineer{detail.hidden_engineers === 1 ? ' has' : 's have'} given a verdict:
          hidden until you give yours (blind review).
        </p>
      )}
      <ul>
        {detail.verdicts.map((verdict) => (
          <li key={verdict.id}>
            <strong>{verdict.engineer}</strong>: {verdict.verdict}
            {verdict.unblinded ? ' (unblinded)' : ''}
            {verdict.rationale ? ` — ${verdict.rationale}` : ''}
            {verdict.evidence.map((url) => (
              <span key={url} className="mono small">
                {' '}
                {url}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

function FixBlock({ detail }: { detail: AuditCellDetail }) {
  const { fix } = detail;
  if (!fix) return null;
  const open = () => void openDisputeInQueue(fix.dispute_id);
  return (
    <div className="audit-fix">
      <h3 className="section-title">The fix</h3>
      <p className="small">
        Dispute <span className="mono">{fix.dispute_id}</span> ({fix.dispute_status})
        {fix.ruling ? (
          <>
            {' '}
            settled by {fix.ruling.engineer}’s ruling <span className="mono">{fix.ruling.id.slice(0, 8)}</span> (
            {fix.ruling.decision}
            {fix.ruling.value !== null ? `: ${fix.ruling.value}` : ''})
          </>
        ) : (
          ' — not ruled yet'
        )}
        {fix.revisions.length > 0 ? `; exported in ${fix.revisions.join(', ')}` : ''}.{' '}
        <button type="button" className="link-button" onClick={open}>
          Open in the queue
        </button>
      </p>
    </div>
  );
}
