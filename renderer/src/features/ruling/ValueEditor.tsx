// The value part of a ruling, shaped by the decision: a value, a new row's
// entity and per-column values, or the alias and the gold row it belongs to.
// A decision key does not hand the next letter to a prefilled value (Add
// row's entity): the field says which key edits it (the decision's again).
import { useState } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import type { Decision } from '../../../../shared/domain';
import { hasValueField } from '../../lib/draft';
import { writtenValue } from '../../lib/gold-spelling';
import { oneLine } from '../../lib/format';
import { clusterKey, DECISION_KEY } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { Kbd } from '../../ui/Kbd';
import { GoldRowPicker } from './GoldRowPicker';
import { NewRowCells } from './NewRowCells';
import { SpellingChoice } from './SpellingChoice';
import { useFocusRequest } from './useFocusRequest';

export function ValueEditor({ detail }: { detail: DisputeDetail }) {
  const decision = useRulingStore((s) => s.draft.decision);
  const picked = useRulingStore((s) => s.draft.picked);
  if (decision == null || !hasValueField(decision)) return null;
  if (decision === 'add_alias') return <AliasEditor detail={detail} />;
  return (
    <div className="value-editor">
      <ValueField detail={detail} decision={decision} />
      {(decision === 'accept_system' || decision === 'accept_both') && picked != null && (
        <SpellingChoice detail={detail} picked={picked} />
      )}
      {decision === 'add_row' && <NewRowCells detail={detail} />}
    </div>
  );
}

/** The value (or Add row's entity); mounted with it, so what it knows of its focus goes with it. */
function ValueField({ detail, decision }: { detail: DisputeDetail; decision: Decision }) {
  const value = useRulingStore((s) => s.draft.value);
  const picked = useRulingStore((s) => s.draft.picked);
  const keepSpelling = useRulingStore((s) => s.draft.keepSpelling);
  const update = useRulingStore((s) => s.update);
  const valueRef = useFocusRequest<HTMLInputElement>('value');
  const [editing, setEditing] = useState(false);
  const label = decision === 'add_row' ? 'Entity' : 'Value';
  const from = picked != null ? clusterKey(picked) : null;
  // The values that are typed: the decision's key again edits them (ruling-store choose).
  const typed = decision === 'add_row' || decision === 'new_value';
  const key = typed ? DECISION_KEY[decision] : null;
  // A value taken from a system is written in gold's format: said when what is typed here is not already in it.
  const shown = value.trim();
  const written =
    decision === 'accept_system' || decision === 'accept_both' ? writtenValue(detail, shown, keepSpelling) : shown;
  const hint =
    key == null || editing
      ? null
      : decision === 'add_row'
        ? `Press ${key} again (or click) to edit the entity; a letter picks a system`
        : `Press ${key} again (or click) to edit the value`;
  return (
    <label className="field field-inline">
      <span className="field-label">{label}</span>
      <input
        ref={valueRef}
        className="input value-input"
        value={value}
        placeholder={decision === 'new_value' ? 'Type the new value; Enter saves' : undefined}
        data-enter-save=""
        spellCheck={false}
        aria-keyshortcuts={key ?? undefined}
        onFocus={() => setEditing(true)}
        onBlur={() => setEditing(false)}
        onChange={(e) => update({ value: e.target.value })}
      />
      {from != null && decision !== 'new_value' && (
        <span className="muted small">
          from{'\u00a0'}
          {from}
        </span>
      )}
      {shown !== '' && written !== shown && (
        <span
          className="muted small written-as"
          title="A value taken from a system is written the way this column's gold writes its values"
        >
          writes “{oneLine(written)}” (gold's format)
        </span>
      )}
      {hint != null && key != null && (
        <span className="muted small value-hint" title={hint}>
          <Kbd>{key}</Kbd>
          {'\u00a0'}edits
        </span>
      )}
    </label>
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
        <span
          className="value value-value"
          title="The name the systems returned; it becomes an alias of the gold row chosen below"
        >
          {oneLine(detail.dispute.entity)}
        </span>
      </div>
      <GoldRowPicker detail={detail} />
    </div>
  );
}
