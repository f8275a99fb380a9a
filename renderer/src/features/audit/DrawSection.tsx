// Drawing a round: the sizes per stratum (or the sizes proposed for a target
// half-width and a prior rate) and a seed that makes the draw reproducible.
import { useState } from 'react';
import { grouped } from '../../../../shared/audit';
import type { AuditOverview } from '../../../../shared/audit';
import { useAuditStore } from '../../stores/audit-store';

function wholeNumber(text: string): number | null {
  return /^\d+$/u.test(text.trim()) ? Number(text) : null;
}

function fraction(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value / 100 : null;
}

export function DrawSection({ overview }: { overview: AuditOverview }) {
  const draw = useAuditStore((s) => s.draw);
  const propose = useAuditStore((s) => s.propose);
  const proposal = useAuditStore((s) => s.proposal);
  const busy = useAuditStore((s) => s.busy);
  const [disputed, setDisputed] = useState('');
  const [undisputed, setUndisputed] = useState('');
  const [seed, setSeed] = useState('');
  const [halfWidth, setHalfWidth] = useState('0.4');
  const [prior, setPrior] = useState('1');
  const sizes = { disputed: wholeNumber(disputed), undisputed: wholeNumber(undisputed) };
  const ready = sizes.disputed !== null && sizes.undisputed !== null && sizes.disputed + sizes.undisputed > 0;
  const { frame, undrawn } = overview;

  return (
    <section className="audit-card" aria-label="Draw a sample">
      <header className="audit-card-head">
        <h2>Draw a sample</h2>
        <span className="muted small">
          frame: {grouped(frame.disputed)} disputed and {grouped(frame.undisputed)} undisputed gold cells; not drawn
          yet: {grouped(undrawn.disputed)} and {grouped(undrawn.undisputed)}
        </span>
      </header>
      <form
        className="audit-draw"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          void draw({
            disputed: sizes.disputed!,
            undisputed: sizes.undisputed!,
            ...(seed.trim() ? { seed: seed.trim() } : {}),
          }).then((drawn) => {
            if (drawn) (document.activeElement as HTMLElement | null)?.blur();
          });
        }}
      >
        <label className="field">
          <span className="field-label">Disputed cells</span>
          <input
            className="input"
            id="audit-disputed"
            inputMode="numeric"
            value={disputed}
            onChange={(e) => setDisputed(e.target.value)}
            placeholder="e.g. 200"
          />
        </label>
        <label className="field">
          <span className="field-label">Undisputed cells</span>
          <input
            className="input"
            id="audit-undisputed"
            inputMode="numeric"
            value={undisputed}
            onChange={(e) => setUndisputed(e.target.value)}
            placeholder="e.g. 1000"
          />
        </label>
        <label className="field">
          <span className="field-label">Seed (optional)</span>
          <input
            className="input"
            id="audit-seed"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
            placeholder="random"
          />
        </label>
        <button type="submit" className="button button-primary" disabled={!ready || busy}>
          Draw sample
        </button>
      </form>
      <form
        className="audit-propose"
        onSubmit={(e) => {
          e.preventDefault();
          const d = fraction(halfWidth);
          const p = fraction(prior);
          if (d !== null && p !== null) void propose({ halfWidth: d, priorRate: p });
        }}
      >
        <span className="muted small">Sizes for a target:</span>
        <label className="field-inline">
          ±
          <input
            className="input input-narrow"
            aria-label="Target half-width in percentage points"
            value={halfWidth}
            onChange={(e) => setHalfWidth(e.target.value)}
          />
          points
        </label>
        <label className="field-inline">
          at a prior rate of
          <input
            className="input input-narrow"
            aria-label="Prior error rate in percent"
            value={prior}
            onChange={(e) => setPrior(e.target.value)}
          />
          %
        </label>
        <button type="submit" className="button button-small">
          Propose sizes
        </button>
        {proposal && (
          <>
            <span className="audit-proposal" data-testid="audit-proposal">
              {proposal.sizes.map((s) => `${grouped(s.size)} ${s.name}`).join(', ')} (n₀ = {proposal.n0.toFixed(0)}, n ={' '}
              {proposal.n.toFixed(0)})
            </span>
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                setDisputed(
                  String(Math.min(undrawn.disputed, proposal.sizes.find((s) => s.name === 'disputed')?.size ?? 0)),
                );
                setUndisputed(
                  String(Math.min(undrawn.undisputed, proposal.sizes.find((s) => s.name === 'undisputed')?.size ?? 0)),
                );
              }}
            >
              Use these sizes
            </button>
          </>
        )}
      </form>
      {proposal && (
        <p className="muted small audit-formula">{proposal.formula}, z = 1.96 (95%), proportional allocation.</p>
      )}
      {overview.rounds.length > 0 && (
        <table className="data-table audit-rounds">
          <thead>
            <tr>
              <th>round</th>
              <th>seed</th>
              <th>disputed drawn / frame</th>
              <th>undisputed drawn / frame</th>
              <th>drawn by</th>
            </tr>
          </thead>
          <tbody>
            {overview.rounds.map((round) => (
              <tr key={round.id}>
                <td className="tabular">{round.round}</td>
                <td className="mono">{round.seed}</td>
                <td className="tabular">
                  {grouped(round.drawn.disputed)} / {grouped(round.frame.disputed)}
                </td>
                <td className="tabular">
                  {grouped(round.drawn.undisputed)} / {grouped(round.frame.undisputed)}
                </td>
                <td>{round.drawn_by}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
