// What an empty listing means, with the way out. The Conflicts view keeps the
// Queue's filters: when they hide every conflict it says so, how many, which
// filters, and clears them in one click (a button, reached with Tab).
import { emptyQueueText } from '../../lib/empty-queue';
import { useInfoStore } from '../../stores/info-store';
import { useQueueStore } from '../../stores/queue-store';

export function EmptyQueue() {
  const filter = useQueueStore((s) => s.filter);
  const conflicts = useQueueStore((s) => s.preset.status === 'conflict');
  const clearFilter = useQueueStore((s) => s.clearFilter);
  const setFilter = useQueueStore((s) => s.setFilter);
  // What the view lists unfiltered: the store's counts, no extra query.
  const unfiltered = useInfoStore((s) => (s.info ? (conflicts ? s.info.counts.conflict : s.info.counts.total) : null));
  const text = emptyQueueText(filter, conflicts, unfiltered);
  return (
    <div className="grid-empty" role="status">
      <p className="grid-empty-headline">{text.headline}</p>
      {text.filters != null && <p className="small">Filters: {text.filters}</p>}
      {text.action != null && (
        <button
          type="button"
          className="button button-primary button-small"
          onClick={text.action.kind === 'needs' ? () => setFilter({ needs: undefined }) : clearFilter}
        >
          {text.action.label}
        </button>
      )}
    </div>
  );
}
