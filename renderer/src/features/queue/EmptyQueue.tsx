// What an empty listing means, with the way out.
import { useQueueStore } from '../../stores/queue-store';

export function EmptyQueue() {
  const filtered = useQueueStore((s) => Object.keys(s.filter).length > 0);
  const conflicts = useQueueStore((s) => s.preset.status === 'conflict');
  const clearFilter = useQueueStore((s) => s.clearFilter);
  return (
    <div className="grid-empty">
      <p>{conflicts ? 'No conflicts: no engineers disagree on any dispute.' : 'No disputes.'}</p>
      {filtered && (
        <p>
          Nothing matches the filters.{' '}
          <button type="button" className="link-button" onClick={clearFilter}>
            Clear filters
          </button>
        </p>
      )}
    </div>
  );
}
