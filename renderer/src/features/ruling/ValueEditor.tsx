// The value part of a ruling, shaped by the decision: a value, a new row's
// entity and per-column values, or the alias and the gold row it belongs to.
import { useState } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { hasValueField } from '../../lib/draft';
import { oneLine } from '../../lib/format';
import { clusterKey } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { GoldRowPicker } from './GoldRowPicker';
import { useFocusRequest } from './useFocusRequest';

export function ValueEditor({ detail }: { detail: DisputeDetail }) {
  const decision = useRulingStore((s) => s.draft.decision);
  const value = useRulingStore((s) => s.draft.value);
  const picked = useRulingStore((s) => s.draft.picked);
  const update = useRulingStore((s) => s.update);
  const valueRef = useFocusRequest<HTMLInputElement>('value');
  if (!hasValueField(decision)) return null;
  if (decision === 'add_alias') return <AliasEditor detail={detail} />;
  const label = decision === 'add_row' ? 'Entity' : 'Value';
  const from = picked != null ? clusterKey(picked) : null;
  return (
    <div className="value-editor">
      <label className="field field-inline">
        <span className="field-label">{label}</span>
        <input
          ref={valueRef}
          className="input value-input"
          value={value}
          data-enter-save=""
          spellCheck={false}
          onChange={(e) => update({ value: e.target.value })}
        />
        {from != null && decision !== 'new_value' && <span className="muted small">from {from}</span>}
      </label>
      {decision === 'add_row' && <RowValues detail={detail} />}
    </div>
  );
}

/**
 * add_alias adds the returned entity's name, as the dispute shows it, to the
 * chosen gold row: shown, not typed, since the ruling carries only the row.
 */
function AliasEditor({ detail }: { detail: DisputeDetail }) {
  return (
    <div className="value-editor">
      <div className="field field-inline">
        <span className="field-label">Alias</span>
        <span className="value value-value" title="The name the systems returned; it becomes an alias of the gold row chosen below">
          {oneLine(detail.dispute.entity)}
        </span>
      </div>
      <GoldRowPicker detail={detail} />
    </div>
  );
}

/** The new row's cells, prefilled from the picked system; folded by default so the evidence above stays in view. */
function RowValues({ detail }: { detail: DisputeDetail }) {
  const values = useRulingStore((s) => s.draft.values);
  const setColumnValue = useRulingStore((s) => s.setColumnValue);
  const [open, setOpen] = useState(false);
  const columns = detail.columns.filter((c) => c.name !== detail.entity_column);
  if (columns.length === 0) return null;
  const filled = columns.filter((c) => (values[c.name] ?? '').trim() !== '').length;
  return (
    <div className="row-values-wrap">
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'} Column values: {filled} of {columns.length} filled
      </button>
      {open && <RowValueFields columns={columns.map((c) => c.name)} values={values} onChange={setColumnValue} />}
    </div>
  );
}

interface RowValueFieldsProps {
  columns: string[];
  values: Record<string, string>;
  onChange: (column: string, value: string) => void;
}

function RowValueFields({ columns, values, onChange }: RowValueFieldsProps) {
  return (
    <div className="row-values">
      {columns.map((column) => (
        <label key={column} className="field field-inline">
          <span className="field-label" title={oneLine(column)}>
            {oneLine(column)}
          </span>
          <input className="input" value={values[column] ?? ''} data-enter-save="" spellCheck={false} onChange={(e) => onChange(column, e.target.value)} />
        </label>
      ))}
    </div>
  );
}
