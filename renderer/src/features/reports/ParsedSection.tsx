// What the parser read from the report — task, row, column (with its match
// score), proposed value, missing entity — beside what is in use now, with a
// confidence; "Fix by hand" corrects any part (the report relinks at once).
import { useEffect, useState, type ReactNode } from 'react';
import type { ReportListItem, ReportOverride, ReportView } from '../../../../shared/report-parse';
import { oneLine } from '../../lib/format';
import { confidenceText, confidenceTone, overridden, rowText, scoreText } from '../../lib/reports';
import { useQueueStore } from '../../stores/queue-store';
import { useReportsStore, type TaskCatalogue } from '../../stores/reports-store';
import { Section } from '../../ui/Section';
import { ReportText } from './ReportText';

interface InUse {
  task_id: string | null;
  row: number | null;
  column: string | null;
  column_score: number | null;
  proposed_value: string | null;
  missing_entity: string | null;
  confidence: number | null;
}

function inUse(item: ReportListItem, view: ReportView | null): InUse {
  if (view) return view.effective;
  return {
    task_id: item.task_id,
    row: item.row,
    column: item.column,
    column_score: item.column_score,
    proposed_value: null,
    missing_entity: null,
    confidence: item.confidence,
  };
}

const ROW_BY: Record<string, string> = {
  number: 'by number',
  name: 'by entity name',
  alias: 'by alias',
  table: 'from a table',
};

export function ParsedSection({ item, view }: { item: ReportListItem; view: ReportView | null }) {
  const [editing, setEditing] = useState(false);
  const catalogues = useReportsStore((s) => s.catalogues);
  const fields = inUse(item, view);
  const parsed = view?.parsed ?? null;
  const catalogue = fields.task_id != null ? catalogues[fields.task_id] : undefined;
  const rows = catalogue != null && typeof catalogue === 'object' ? catalogue.rows : [];
  const entity = fields.row != null ? rows.find((r) => r.row === fields.row)?.entity : undefined;
  const fixed = item.overridden || view?.override != null;

  return (
    <Section
      title="What the report says"
      aside={
        <span className="parsed-aside">
          {fixed && <span className="chip chip-fixed">fixed by hand</span>}
          <span
            className={`confidence confidence-${confidenceTone(fields.confidence)}`}
            title="How much of task, row, column, value and sources the parser found, and how surely"
          >
            confidence {confidenceText(fields.confidence)}
          </span>
        </span>
      }
    >
      {editing ? (
        <FieldsEditor item={item} fields={fields} onDone={() => setEditing(false)} />
      ) : (
        <>
          <table className="kv-table parsed-table">
            <tbody>
              <FieldRow label="Task" fixed={overridden(view, 'task_id')} found={parsed ? parsedTask(parsed) : null}>
                {fields.task_id != null ? <span className="mono">{oneLine(fields.task_id)}</span> : <Unparsed />}
              </FieldRow>
              <FieldRow
                label="Row"
                fixed={overridden(view, 'row')}
                found={
                  parsed?.row_text != null
                    ? `“${parsed.row_text}” ${parsed.row_by ? (ROW_BY[parsed.row_by] ?? parsed.row_by) : ''}`
                    : null
                }
              >
                {fields.row != null ? (
                  <span title={`gold row index ${fields.row} (0-based)`}>
                    {rowText(fields.row)}
                    {entity != null ? ` · ${oneLine(entity)}` : ''}
                  </span>
                ) : (
                  <Unparsed />
                )}
              </FieldRow>
              <FieldRow
                label="Column"
                fixed={overridden(view, 'column')}
                found={parsed?.column_text != null ? `“${parsed.column_text}”` : null}
              >
                {fields.column != null ? (
                  <span>
                    {oneLine(fields.column)}{' '}
                    {fields.column_score != null && (
                      <span className={`match-score ${fields.column_score >= 0.999 ? 'match-exact' : ''}`}>
                        {scoreText(fields.column_score)}
                      </span>
                    )}
                  </span>
                ) : view?.effective.column_unresolved != null ? (
                  <span className="unparsed">none of the task’s columns</span>
                ) : fields.row != null ? (
                  <span className="value-muted">whole row</span>
                ) : (
                  <Unparsed />
                )}
              </FieldRow>
              {view && (
                <FieldRow label="Proposed" fixed={overridden(view, 'proposed_value')} found={null}>
                  {fields.proposed_value != null && fields.proposed_value !== '' ? (
                    <ReportText text={fields.proposed_value} className="value value-value" />
                  ) : (
                    <span className="value-muted">none stated</span>
                  )}
                </FieldRow>
              )}
              {view && (fields.missing_entity != null || overridden(view, 'missing_entity')) && (
                <FieldRow label="Missing row" fixed={overridden(view, 'missing_entity')} found={null}>
                  {fields.missing_entity != null ? (
                    <ReportText text={fields.missing_entity} className="value value-value" />
                  ) : (
                    <span className="value-muted">none</span>
                  )}
                </FieldRow>
              )}
            </tbody>
          </table>
          {/* An unlinked report lists its notes under Dispute, as the reasons it is not linked. */}
          {parsed && parsed.notes.length > 0 && item.dispute_id != null && (
            <ul className="parse-notes">
              {parsed.notes.map((note, i) => (
                <li key={i} className="muted small">
                  <ReportText text={note} />
                </li>
              ))}
            </ul>
          )}
          {!view && item.dispute_id == null && (
            <p className="muted small">Proposed value: shown once the report is linked.</p>
          )}
          <div className="form-actions compact-actions">
            <button type="button" className="button button-small" onClick={() => setEditing(true)}>
              Fix by hand…
            </button>
            {fixed && <ResetButton />}
          </div>
        </>
      )}
    </Section>
  );
}

function parsedTask(parsed: NonNullable<ReportView['parsed']>): string | null {
  if (parsed.ambiguous_task) return `several tasks named: ${parsed.task_candidates.map(oneLine).join(', ')}`;
  if (parsed.task_id == null && parsed.task_text != null) return `“${parsed.task_text}” is not a known task`;
  return null;
}

function Unparsed() {
  return <span className="unparsed">unparsed</span>;
}

function FieldRow({
  label,
  fixed,
  found,
  children,
}: {
  label: string;
  fixed: boolean;
  found: string | null;
  children: ReactNode;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {children}
        {fixed && (
          <span className="fixed-mark" title="Fixed by hand">
            ✎ fixed
          </span>
        )}
        {found != null && (
          <span className="found-text muted small">
            {' '}
            · read from <ReportText text={found} />
          </span>
        )}
      </td>
    </tr>
  );
}

function ResetButton() {
  const saveFields = useReportsStore((s) => s.saveFields);
  const busy = useReportsStore((s) => s.busy);
  return (
    <button
      type="button"
      className="link-button"
      disabled={busy}
      onClick={() => void saveFields({}, true)}
      title="Drop every hand fix: use what the parser found"
    >
      Reset to what was parsed
    </button>
  );
}

interface Draft {
  task: string;
  row: string;
  column: string;
  proposed: string;
  missing: string;
}

function FieldsEditor({ item, fields, onDone }: { item: ReportListItem; fields: InUse; onDone: () => void }) {
  const tasks = useQueueStore((s) => s.facets.tasks);
  const catalogues = useReportsStore((s) => s.catalogues);
  const loadCatalogue = useReportsStore((s) => s.loadCatalogue);
  const saveFields = useReportsStore((s) => s.saveFields);
  const busy = useReportsStore((s) => s.busy);
  const initial: Draft = {
    task: fields.task_id ?? '',
    row: fields.row != null ? String(fields.row) : '',
    column: fields.column ?? '',
    proposed: fields.proposed_value ?? '',
    missing: fields.missing_entity ?? '',
  };
  const [draft, setDraft] = useState<Draft>(initial);
  const entry = draft.task !== '' ? catalogues[draft.task] : undefined;
  const catalogue: TaskCatalogue | null = entry != null && typeof entry === 'object' ? entry : null;

  useEffect(() => {
    if (draft.task !== '') void loadCatalogue(draft.task);
  }, [draft.task, loadCatalogue]);

  const taskOptions = tasks.includes(draft.task) || draft.task === '' ? tasks : [draft.task, ...tasks];
  const save = async () => {
    const changes: ReportOverride = {};
    if (draft.task !== initial.task) changes.task_id = draft.task === '' ? null : draft.task;
    if (draft.row !== initial.row || changes.task_id !== undefined)
      changes.row = draft.row === '' ? null : Number(draft.row);
    if (draft.column !== initial.column || changes.task_id !== undefined)
      changes.column = draft.column === '' ? null : draft.column;
    if (draft.proposed !== initial.proposed)
      changes.proposed_value = draft.proposed.trim() === '' ? null : draft.proposed.trim();
    if (draft.missing !== initial.missing)
      changes.missing_entity = draft.missing.trim() === '' ? null : draft.missing.trim();
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    if (await saveFields(changes)) onDone();
  };

  return (
    <form
      className="fields-editor"
      aria-label={`Fix report #${item.number} by hand`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="field field-inline">
        <span className="field-label">Task</span>
        <select
          className="select"
          value={draft.task}
          data-autofocus=""
          onChange={(e) => setDraft({ ...draft, task: e.target.value, row: '', column: '' })}
        >
          <option value="">— none —</option>
          {taskOptions.map((t) => (
            <option key={t} value={t}>
              {oneLine(t)}
            </option>
          ))}
        </select>
      </label>
      <label className="field field-inline">
        <span className="field-label">Row</span>
        {catalogue ? (
          <select className="select" value={draft.row} onChange={(e) => setDraft({ ...draft, row: e.target.value })}>
            <option value="">— none —</option>
            {catalogue.rows.map((r) => (
              <option key={r.row} value={String(r.row)}>
                {rowText(r.row)} {oneLine(r.entity)}
                {r.aliases.length > 0 ? ` (aka ${r.aliases.map(oneLine).join(', ')})` : ''}
              </option>
            ))}
          </select>
        ) : (
          <input
            className="input row-input"
            inputMode="numeric"
            placeholder={draft.task === '' ? 'task first' : 'number, from 1'}
            disabled={draft.task === ''}
            value={draft.row === '' ? '' : String(Number(draft.row) + 1)}
            onChange={(e) => {
              const n = Number.parseInt(e.target.value, 10);
              setDraft({ ...draft, row: Number.isFinite(n) && n >= 1 ? String(n - 1) : '' });
            }}
          />
        )}
        {entry === 'loading' && <span className="muted small">loading rows…</span>}
      </label>
      <label className="field field-inline">
        <span className="field-label">Column</span>
        {catalogue ? (
          <select
            className="select"
            value={draft.column}
            onChange={(e) => setDraft({ ...draft, column: e.target.value })}
          >
            <option value="">— whole row / none —</option>
            {catalogue.columns.map((c) => (
              <option key={c} value={c}>
                {oneLine(c)}
              </option>
            ))}
          </select>
        ) : (
          <input
            className="input"
            placeholder="exact column name"
            disabled={draft.task === ''}
            value={draft.column}
            spellCheck={false}
            onChange={(e) => setDraft({ ...draft, column: e.target.value })}
          />
        )}
      </label>
      <label className="field field-inline">
        <span className="field-label">Proposed</span>
        <input
          className="input"
          placeholder="the value the reporter proposes"
          value={draft.proposed}
          spellCheck={false}
          onChange={(e) => setDraft({ ...draft, proposed: e.target.value })}
        />
      </label>
      <label className="field field-inline">
        <span className="field-label" title="An entity the report says gold lacks">
          Missing row
        </span>
        <input
          className="input"
          placeholder="an entity gold lacks (when no row is named)"
          value={draft.missing}
          spellCheck={false}
          onChange={(e) => setDraft({ ...draft, missing: e.target.value })}
        />
      </label>
      <div className="form-actions compact-actions">
        <span className="muted small">Saving relinks the report at once.</span>
        <span className="spacer" />
        <button type="button" className="button button-small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-small button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save fixes'}
        </button>
      </div>
    </form>
  );
}
