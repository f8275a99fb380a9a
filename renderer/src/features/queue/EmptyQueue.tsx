// What an empty listing means, with the way out.
import { useQueueStore } from '../../stores/queue-store';

export function EmptyQueue() {
  const filter = useQueueStore((s) => s.filter);
  const conflicts = useQueueStore((s) => s.preset.status === 'conflict');
  const clearFilter = useQueueStore((s) => s.clearFilter);
  const setFilter = useQueueStore((s) => s.setFilter);
  const filtered = Object.keys(filter).length > 0;
  const onlyNeeds = filter.needs != null && Object.keys(filter).length === 1;
  const headline = conflicts ? (filtered ? 'No conflicts here.' : 'No conflicts: no engineers disagree on any dispute.') : 'No disputes.';
  return (
    <div className="grid-empty">
      <p>{headline}</p>
      {onlyNeeds ? (
        <p>
          Nothing here needs your ruling.{' '}
          <button type="button" className="link-button" onClick={() => setFilter({ needs: undefined })}>
            Show all
          </button>
        </p>
      ) : (
        filtered && (
          <p>
            Nothing matches the filters.{' '}
            <button type="button" className="link-button" onClick={clearFilter}>
              Clear filters
            </button>
          </p>
        )
      )}
    </div>
  );
}
