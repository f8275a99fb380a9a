// One cluster of equal (normalised) system values: its key letter, value,
// systems, whether it agrees with gold, and each system's cell on demand.
import type { ClusterDetail } from '../../../../shared/api-types';
import { oneLine, valueDisplay } from '../../lib/format';
import { clusterKey } from '../../lib/keys';
import { ValueText } from '../../ui/ValueText';
import { SystemCellTable } from './SystemCellTable';

interface ClusterCardProps {
  cluster: ClusterDetail;
  index: number;
  picked: boolean;
  expanded: boolean;
  onPick: () => void;
  onToggle: () => void;
}

export function ClusterCard({ cluster, index, picked, expanded, onPick, onToggle }: ClusterCardProps) {
  const key = clusterKey(index);
  return (
    <li className={`cluster ${picked ? 'cluster-picked' : ''} ${cluster.agrees_with_gold ? 'cluster-gold' : ''}`}>
      <div className="cluster-head">
        <button
          type="button"
          className="cluster-key"
          data-enter-save=""
          onClick={onPick}
          title={key ? `Pick this value (key ${key})` : 'Pick this value'}
        >
          {key ?? '·'}
        </button>
        <div className="cluster-main" onClick={onPick}>
          <ValueText display={valueDisplay(cluster.value)} className="cluster-value" />
          {cluster.agrees_with_gold && <span className="chip chip-gold">= gold</span>}
          <span className="cluster-count">{cluster.systems.length}</span>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-expanded={expanded}
          aria-label={`Show details of cluster ${key ?? index + 1}`}
          onClick={onToggle}
          title={expanded ? 'Hide system cells' : 'Show system cells'}
        >
          {expanded ? '▾' : '▸'}
        </button>
      </div>
      <div className="cluster-systems">
        {cluster.systems.map((system) => (
          <span key={system} className="chip chip-system">
            {oneLine(system)}
          </span>
        ))}
      </div>
      {expanded && <SystemCellTable cells={cluster.cells} />}
    </li>
  );
}
