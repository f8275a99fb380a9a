// Under the comparison, on demand (key `.`): the system values of a cell
// dispute grouped into lettered clusters, each system's cell with its
// verdict, judge reasoning and sources.
import { useEffect, useRef, useState } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { SYSTEMS_KEY } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { useUiStore } from '../../stores/ui-store';
import { ClusterCard } from './ClusterCard';

/** Show every system's cell when there are few; else only the leading contested cluster. */
function initiallyExpanded(detail: DisputeDetail): Set<number> {
  const cells = detail.clusters.reduce((n, c) => n + c.cells.length, 0);
  if (cells <= 6) return new Set(detail.clusters.map((_, i) => i));
  const first = detail.clusters.findIndex((c) => !c.agrees_with_gold);
  return new Set(first >= 0 ? [first] : []);
}

export function ClustersBlock({ detail }: { detail: DisputeDetail }) {
  const shown = useUiStore((s) => s.systemsShown);
  const toggleShown = useUiStore((s) => s.toggleSystems);
  const systems = new Set(detail.clusters.flatMap((c) => c.systems)).size;
  return (
    <section className="section" aria-label="Systems">
      <header className="section-head">
        <button
          type="button"
          className="section-toggle"
          aria-expanded={shown}
          onClick={toggleShown}
          title={`Show or hide each system’s cell, judge reasoning and sources (key ${SYSTEMS_KEY})`}
        >
          <span className="caret" aria-hidden="true">
            {shown ? '▾' : '▸'}
          </span>
          Systems, reasoning and sources
          <kbd className="kbd">{SYSTEMS_KEY}</kbd>
        </button>
        <div className="section-aside muted small">
          {detail.clusters.length} values · {systems} systems
        </div>
      </header>
      {shown && <ClusterList detail={detail} />}
    </section>
  );
}

function ClusterList({ detail }: { detail: DisputeDetail }) {
  const picked = useRulingStore((s) => s.draft.picked);
  const pick = useRulingStore((s) => s.pick);
  // The panel remounts this block per dispute (keyed by id), so this resets.
  const [expanded, setExpanded] = useState(() => initiallyExpanded(detail));
  const list = useRef<HTMLOListElement>(null);
  const reveal = useRef<{ index: number; whole: boolean } | null>(null);
  // A picked cluster (its letter, or a click) opens and comes into view: its
  // systems, reasoning and sources are what the engineer is about to accept.
  // One already open only needs its head in view, so picking the leading
  // cluster does not scroll gold and the question away.
  useEffect(() => {
    if (picked == null) return;
    reveal.current = { index: picked, whole: !expanded.has(picked) };
    setExpanded((open) => (open.has(picked) ? open : new Set(open).add(picked)));
    // Only a new pick reveals: expanded is read as it stands at that moment, not watched.
  }, [picked]);
  // Scrolled once it is open, so the view settles on the whole card, not its old height.
  useEffect(() => {
    if (reveal.current == null) return;
    const card = list.current?.children[reveal.current.index];
    (reveal.current.whole ? card : card?.querySelector('.cluster-head'))?.scrollIntoView({ block: 'nearest' });
    reveal.current = null;
  });
  const toggle = (i: number) => {
    const next = new Set(expanded);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    setExpanded(next);
  };
  return (
    <div className="section-body">
      {detail.clusters.length === 0 ? (
        <div className="muted">No system values.</div>
      ) : (
        <ol className="clusters" ref={list}>
          {detail.clusters.map((cluster, i) => (
            <ClusterCard
              key={cluster.key}
              cluster={cluster}
              index={i}
              picked={picked === i}
              expanded={expanded.has(i)}
              onPick={() => pick(detail, i)}
              onToggle={() => toggle(i)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
