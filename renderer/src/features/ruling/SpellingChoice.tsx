// The spellings of the picked cluster, under Accept or Both: the value
// written is the one chosen here ("Galicia" rather than a more common
// "GALICIA"; a choice column's own option leads). The cluster's letter again
// moves to the next; a click picks one.
import type { DisputeDetail } from '../../../../shared/api-types';
import { clusterSpellings } from '../../lib/draft';
import { oneLine } from '../../lib/format';
import { clusterKey } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { Kbd } from '../../ui/Kbd';

export function SpellingChoice({ detail, picked }: { detail: DisputeDetail; picked: number }) {
  const value = useRulingStore((s) => s.draft.value);
  const update = useRulingStore((s) => s.update);
  const spellings = clusterSpellings(detail, picked);
  if (spellings.length < 2) return null;
  const key = clusterKey(picked);
  return (
    <div className="spelling-choice" role="group" aria-label="Spelling written to gold">
      <span className="field-label">Spelling</span>
      {spellings.map((spelling) => (
        <button
          key={spelling.text}
          type="button"
          className={`spelling ${spelling.text === value ? 'spelling-chosen' : ''}`}
          aria-pressed={spelling.text === value}
          title={`${spelling.option ? "The column's own option; " : ''}${spelling.count} system${spelling.count === 1 ? '' : 's'} wrote it so`}
          onClick={() => update({ value: spelling.text })}
        >
          <span className="spelling-text">{oneLine(spelling.text)}</span>
          <span className="spelling-count tabular">{spelling.option ? 'option' : spelling.count}</span>
        </button>
      ))}
      {key != null && (
        <span className="muted small">
          <Kbd>{key}</Kbd>
          {'\u00a0'}again: next
        </span>
      )}
    </div>
  );
}
