// add_alias: which gold row of the task the returned entity is another name
// of. A combobox: type a row number, an entity or an alias to filter (the
// first match is chosen, and a search that matches no row chooses none: a
// choice never outlives the text that made it), ↑/↓ to move, Enter saves the
// ruling. Rows are numbered from 1 here; the ruling stores the 0-based index.
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { oneLine } from '../../lib/format';
import { filterRows, pickedByQuery, rowLabel, similarRows, type TaskRow } from '../../lib/row-picker';
import { useRulingStore } from '../../stores/ruling-store';
import { useFocusRequest } from './useFocusRequest';

const PAGE = 5;

/** Likely rows (a shared word with the returned entity) first, when nothing is typed. */
function ordered(rows: readonly TaskRow[], query: string, similar: ReadonlySet<number>): TaskRow[] {
  const found = filterRows(rows, query);
  if (query.trim() !== '') return found;
  return [...found.filter((r) => similar.has(r.row)), ...found.filter((r) => !similar.has(r.row))];
}

export function GoldRowPicker({ detail }: { detail: DisputeDetail }) {
  const row = useRulingStore((s) => s.draft.row);
  // The search is the draft's: a save that finds no row chosen can say what was typed.
  const query = useRulingStore((s) => s.draft.rowQuery);
  const update = useRulingStore((s) => s.update);
  const inputRef = useFocusRequest<HTMLInputElement>('row');
  const similar = useMemo(() => similarRows(detail.task_rows, detail.dispute.entity), [detail]);
  const rows = ordered(detail.task_rows, query, similar);
  const selected = row === '' ? null : Number(row);
  const listId = `gold-rows-${detail.dispute.id}`;
  const optionId = (r: number) => `${listId}-${r}`;

  useEffect(() => {
    if (selected != null) document.getElementById(`${listId}-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, listId]);

  const choose = (r: TaskRow | undefined) => {
    if (r) update({ row: String(r.row) });
  };

  const onQuery = (text: string) => {
    // Typing narrows the list and takes its first match, so "3 Enter" rules on row #3; no match, or no text, chooses none.
    update({ rowQuery: text, row: pickedByQuery(detail.task_rows, text) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const at = rows.findIndex((r) => r.row === selected);
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: PAGE, PageUp: -PAGE }[e.key];
    let target: TaskRow | undefined;
    if (step !== undefined)
      target = rows[Math.max(0, Math.min(rows.length - 1, at < 0 ? (step > 0 ? 0 : rows.length - 1) : at + step))];
    else if (e.key === 'Home') target = rows[0];
    else if (e.key === 'End') target = rows.at(-1);
    else return;
    // These keys belong to the list here, not to the queue.
    e.preventDefault();
    e.stopPropagation();
    choose(target);
  };

  const picked = detail.task_rows.find((r) => r.row === selected);
  return (
    <div className="row-picker">
      <div className="field field-inline">
        <label className="field-label" htmlFor={`${listId}-find`}>
          Gold row
        </label>
        <input
          id={`${listId}-find`}
          ref={inputRef}
          className="input"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={selected != null ? optionId(selected) : undefined}
          placeholder="Row #, entity or alias"
          title="Type a row number, an entity or an alias; ↑↓ choose, Enter saves"
          value={query}
          spellCheck={false}
          data-enter-save=""
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <span className={`row-picked ${picked ? '' : 'row-picked-none'}`} aria-live="polite">
          {picked ? `${rowLabel(picked.row)} ${oneLine(picked.entity)}` : 'no row chosen'}
        </span>
      </div>
      <ul
        id={listId}
        className="row-list"
        role="listbox"
        aria-label={`Gold rows of task ${oneLine(detail.dispute.task_id)}`}
      >
        {rows.length === 0 && <li className="row-list-empty muted small">No gold row matches “{query}”.</li>}
        {rows.map((r) => (
          <li
            key={r.row}
            id={optionId(r.row)}
            role="option"
            aria-selected={r.row === selected}
            className={`row-option ${r.row === selected ? 'row-option-on' : ''}`}
            // Keep focus in the search box: the list is driven from there.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(r)}
          >
            <span className="row-num">{rowLabel(r.row)}</span>
            <span className="row-entity">{oneLine(r.entity)}</span>
            {r.aliases.length > 0 && <span className="row-aliases">aka {r.aliases.map(oneLine).join(', ')}</span>}
            {similar.has(r.row) && <span className="chip chip-similar">similar name</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
