// The spellings of the picked cluster, under Accept or Both: gold's format of
// its value first (the default, what the column's gold already writes), then
// every spelling the systems gave, written as spelled when chosen on purpose.
// The cluster's letter again moves to the next; a click picks one.
import type { DisputeDetail } from '../../../../shared/api-types';
import { chooseSpelling } from '../../lib/draft';
import { writtenSpellings } from '../../lib/gold-spelling';
import type { WrittenSpelling } from '../../lib/gold-spelling';
import { oneLine } from '../../lib/format';
import { clusterKey } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { Kbd } from '../../ui/Kbd';

function tag(spelling: WrittenSpelling): string {
  if (spelling.gold) return "gold's format";
  return spelling.option ? 'option' : `as spelled · ${spelling.count}`;
}

function explain(spelling: WrittenSpelling): string {
  const systems = `${spelling.count} system${spelling.count === 1 ? '' : 's'} wrote it so`;
  if (spelling.gold) return `Written the way this column's gold writes its values (the default); ${systems}`;
  return `${spelling.option ? "The column's own option, " : ''}written exactly as spelled, not in gold's format; ${systems}`;
}

export function SpellingChoice({ detail, picked }: { detail: DisputeDetail; picked: number }) {
  const draft = useRulingStore((s) => s.draft);
  const update = useRulingStore((s) => s.update);
  const spellings = writtenSpellings(detail, picked);
  if (spellings.length < 2) return null;
  const key = clusterKey(picked);
  const chosen = (spelling: WrittenSpelling) => spelling.text === draft.value && spelling.gold !== draft.keepSpelling;
  return (
    <div className="spelling-choice" role="group" aria-label="Spelling written to gold">
      <span className="field-label">Written</span>
      {spellings.map((spelling) => (
        <button
          key={`${spelling.gold ? 'gold' : 'raw'}:${spelling.text}`}
          type="button"
          className={`spelling ${chosen(spelling) ? 'spelling-chosen' : ''} ${spelling.gold ? 'spelling-gold' : 'spelling-raw'}`}
          aria-pressed={chosen(spelling)}
          title={explain(spelling)}
          onClick={() => {
            const { value, accepted, keepSpelling, autoPicked } = chooseSpelling(draft, spelling);
            update({ value, accepted, keepSpelling, autoPicked });
          }}
        >
          <span className="spelling-text">{oneLine(spelling.text)}</span>
          <span className="spelling-count">{tag(spelling)}</span>
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
