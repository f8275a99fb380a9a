// Add row: every cell the new row gets, none folded away, each with the
// system its value came from (or that it was typed, or cleared). Tab moves
// through them; each value can be edited, and its ✕ clears it so the ruling
// does not write it (the focus goes back to the emptied field).
import { useRef } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { newRowCells, type NewRowCell } from '../../lib/add-row';
import { oneLine } from '../../lib/format';
import { useRulingStore } from '../../stores/ruling-store';

export function NewRowCells({ detail }: { detail: DisputeDetail }) {
  const draft = useRulingStore((s) => s.draft);
  const setColumnValue = useRulingStore((s) => s.setColumnValue);
  const keepRowSpellings = useRulingStore((s) => s.keepRowSpellings);
  const cells = newRowCells(draft, detail);
  if (cells.length === 0) return null;
  return (
    <div className="row-values-wrap">
      <div className="muted small">Each cell with the system it is from: Tab to edit; ✕ clears (not written).</div>
      <label className="checkbox small">
        <input
          type="checkbox"
          checked={draft.keepSpelling}
          onChange={(e) => keepRowSpellings(detail, e.target.checked)}
        />
        Write the systems’ own spellings, not gold’s format
      </label>
      <div className="row-values" role="group" aria-label="Cells the new row gets">
        {cells.map((cell) => (
          <CellField key={cell.column} cell={cell} onChange={(value) => setColumnValue(cell.column, value)} />
        ))}
      </div>
    </div>
  );
}

function CellField({ cell, onChange }: { cell: NewRowCell; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const empty = cell.value.trim() === '';
  const source = empty
    ? cell.given.trim() !== ''
      ? 'cleared: not written'
      : 'blank: not written'
    : cell.system != null
      ? cell.system
      : 'typed';
  return (
    <div className={`row-value ${empty ? 'row-value-empty' : ''}`}>
      <span className="field-label" title={oneLine(cell.column)}>
        {oneLine(cell.column)}
      </span>
      <input
        className="input"
        aria-label={cell.column}
        ref={input}
        value={cell.value}
        data-enter-save=""
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
      <span
        className={`row-value-source muted small ${cell.system == null && !empty ? 'row-value-typed' : ''}`}
        title={
          cell.system != null
            ? `From ${oneLine(cell.system)}, which gave “${oneLine(cell.given)}”`
            : cell.given !== ''
              ? `The system gave “${oneLine(cell.given)}”`
              : 'The system gave no value'
        }
      >
        {source}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Clear ${cell.column}`}
        title="Clear this value: the new row leaves it blank"
        disabled={empty}
        onClick={() => {
          onChange('');
          input.current?.focus();
        }}
      >
        ✕
      </button>
    </div>
  );
}
