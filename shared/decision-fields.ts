// Which of a ruling's optional fields each decision takes (design.md §6). The
// service refuses any other field rather than drop it, so what an engineer
// typed is either recorded and used or refused, never silently lost; the
// renderer builds its `rule` calls from the same table.
import type { Decision } from './domain';

export const RULING_FIELDS = ['value', 'values', 'row'] as const;
export type RulingField = (typeof RULING_FIELDS)[number];

export type FieldUse = 'required' | 'optional' | 'refused';

const NONE: Record<RulingField, FieldUse> = { value: 'refused', values: 'refused', row: 'refused' };
const VALUE: Record<RulingField, FieldUse> = { ...NONE, value: 'required' };

/**
 * add_row's value is the new row's entity name (the dispute's entity when
 * absent) and its values the row's cells; add_alias adds the dispute's own
 * entity to a gold row, so it takes the row and no value.
 */
export const DECISION_FIELDS: Record<Decision, Record<RulingField, FieldUse>> = {
  keep_gold: NONE,
  accept_system: VALUE,
  accept_both: VALUE,
  new_value: VALUE,
  mark_blank: NONE,
  mark_ungraded: NONE,
  add_row: { value: 'optional', values: 'optional', row: 'refused' },
  add_alias: { ...NONE, row: 'required' },
  reject_row: NONE,
  remove_row: NONE,
};

export interface RulingFields {
  value?: string | null;
  values?: Record<string, string> | null;
  row?: number | null;
}

const NOUN: Record<RulingField, { takes: string; needs: string }> = {
  value: { takes: 'value', needs: 'a value' },
  values: { takes: 'column values', needs: 'column values' },
  row: { takes: 'gold row', needs: 'the gold row it is an alias of' },
};

/**
 * What is wrong with the fields given for `decision`, or null. A field is
 * given when it is not null or undefined (an empty text is given: it was
 * typed); a required value must hold more than spaces. Every field given in
 * vain is named at once, so one correction is enough. `name` spells a field
 * as the caller's user knows it (a flag, a log key).
 */
export function decisionFieldsProblem(
  decision: Decision,
  fields: RulingFields,
  name: (field: RulingField) => string,
): string | null {
  const use = DECISION_FIELDS[decision];
  const extra = RULING_FIELDS.filter(
    (field) => use[field] === 'refused' && fields[field] !== null && fields[field] !== undefined,
  );
  if (extra.length > 0)
    return `decision ${decision} takes no ${extra.map((field) => `${NOUN[field].takes} (${name(field)})`).join(' and no ')}`;
  for (const field of RULING_FIELDS) {
    const missing =
      field === 'value' ? (fields.value ?? '').trim() === '' : fields[field] === null || fields[field] === undefined;
    if (use[field] === 'required' && missing) return `decision ${decision} needs ${NOUN[field].needs} (${name(field)})`;
  }
  return null;
}
