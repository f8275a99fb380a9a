// Where the report is attached: its dispute (kind, entity › column, status)
// with "Open in queue", or "unlinked" with the reasons the parse gives. An
// unlinked report whose column did not resolve gets a picker of its task's
// own columns; linking by hand offers the disputes of the report's task
// first, and the queue's selection only when it is of that task (or says
// plainly which other task it is of).
import { useEffect, useState } from 'react';
import type { DisputeRow } from '../../../../shared/api-types';
import { disputeName } from '../../../../shared/dispute-name';
import type { ReportListItem, ReportView } from '../../../../shared/report-parse';
import { api } from '../../api/client';
import { KIND_LABELS, oneLine, shownText } from '../../lib/format';
import { useDisputeStore } from '../../stores/dispute-store';
import { useQueueStore } from '../../stores/queue-store';
import { useReportsStore } from '../../stores/reports-store';
import { Kbd } from '../../ui/Kbd';
import { Section } from '../../ui/Section';
import { StatusChip } from '../../ui/StatusChip';
import { LINK_BY_ID_INPUT, openDisputeInQueue, REPORT_COLUMN_PICK, REPORT_TASK_DISPUTE } from './actions';

export function LinkSection({ item, view }: { item: ReportListItem; view: ReportView | null }) {
  const dispute = useReportsStore((s) => s.dispute);
  const busy = useReportsStore((s) => s.busy);
  const link = useReportsStore((s) => s.link);
  const linked = dispute != null && dispute.dispute.id === item.dispute_id ? dispute.dispute : null;
  const unresolved = view?.effective.column_unresolved ?? null;
  return (
    <Section
      title="Dispute"
      aside={
        item.dispute_id != null ? (
          <span className="muted small">{item.manual_link ? 'linked by hand' : 'linked automatically'}</span>
        ) : (
          <span className="chip chip-unlinked">unlinked</span>
        )
      }
    >
      {item.dispute_id != null ? (
        <div className="link-target">
          {linked ? (
            <DisputeLine dispute={linked} />
          ) : (
            <span className="mono small dispute-line">{item.dispute_id}</span>
          )}
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => void openDisputeInQueue(item.dispute_id!)}
            title="Show it in the Queue to rule on it (Enter)"
          >
            Open in queue <Kbd>Enter</Kbd>
          </button>
        </div>
      ) : (
        <>
          <p className="muted small">
            Not attached to any dispute. Pick what the parse could not find, fix it below, or link it by hand.
          </p>
          <UnlinkedReasons item={item} view={view} />
          {item.task_id != null && item.row != null && unresolved !== null && (
            <ColumnPick item={item} written={unresolved} />
          )}
        </>
      )}
      <LinkControls item={item} busy={busy} onLink={(id, name) => void link(id, name)} />
    </Section>
  );
}

/** Why the report is not attached: what the parse could not resolve, then its own notes. */
function UnlinkedReasons({ item, view }: { item: ReportListItem; view: ReportView | null }) {
  const reasons: string[] = [];
  const parsed = view?.parsed ?? null;
  if (item.task_id == null)
    reasons.push(
      parsed?.task_text != null ? `the task “${parsed.task_text}” is not in this store` : 'no task id was found in it',
    );
  else if (item.row == null)
    reasons.push(
      parsed?.row_text != null
        ? `no gold row of ${item.task_id} matches “${parsed.row_text}”`
        : 'no gold row was found',
    );
  const unresolved = view?.effective.column_unresolved ?? null;
  if (unresolved !== null) reasons.push(`“${unresolved}” is none of the columns of ${item.task_id ?? 'the task'}`);
  // The parse's own notes, but not its second word on the same column.
  for (const note of parsed?.notes ?? [])
    if (
      !reasons.includes(note) &&
      !(unresolved !== null && note === `no column of the task is close to "${unresolved}"`)
    )
      reasons.push(note);
  if (reasons.length === 0) return null;
  return (
    <ul className="unlinked-reasons" aria-label="Why it is not linked">
      {reasons.map((reason) => (
        <li key={reason} className="small">
          {oneLine(reason)}
        </li>
      ))}
    </ul>
  );
}

/** The task's own columns, for a report whose column did not resolve; "whole row" only when chosen. */
function ColumnPick({ item, written }: { item: ReportListItem; written: string }) {
  const catalogues = useReportsStore((s) => s.catalogues);
  const loadCatalogue = useReportsStore((s) => s.loadCatalogue);
  const saveFields = useReportsStore((s) => s.saveFields);
  const busy = useReportsStore((s) => s.busy);
  const taskId = item.task_id!;
  const entry = catalogues[taskId];
  const columns = entry != null && typeof entry === 'object' ? entry.columns : [];
  const [column, setColumn] = useState('');
  useEffect(() => {
    void loadCatalogue(taskId);
  }, [taskId, loadCatalogue]);
  const submit = () => {
    if (column === '' || busy) return;
    void saveFields({ column: column === WHOLE_ROW ? null : column });
  };
  return (
    <form
      className="column-pick"
      aria-label="Pick the column"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="field-label" htmlFor={REPORT_COLUMN_PICK}>
        The report says “{oneLine(written)}”: which column of {oneLine(taskId)}?
      </label>
      <div className="column-pick-row">
        <select
          id={REPORT_COLUMN_PICK}
          className="select"
          value={column}
          disabled={columns.length === 0}
          onChange={(e) => setColumn(e.target.value)}
          onKeyDown={(e) => {
            // Enter on the picker links with the column chosen (a select does not submit its form itself).
            if (e.key === 'Enter') {
              e.preventDefault();
              e.stopPropagation();
              submit();
            }
          }}
        >
          <option value="">{entry === 'loading' ? 'loading columns…' : '— choose a column —'}</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {oneLine(c)}
            </option>
          ))}
          <option value={WHOLE_ROW}>the whole row (no column)</option>
        </select>
        <button type="submit" className="button button-small button-primary" disabled={busy || column === ''}>
          Link to this column
        </button>
      </div>
    </form>
  );
}

const WHOLE_ROW = '\u0000whole-row';

function DisputeLine({ dispute }: { dispute: DisputeRow }) {
  return (
    <span className="dispute-line">
      <span className={`chip chip-kind kind-${dispute.kind}`}>{KIND_LABELS[dispute.kind]}</span>
      <span className="dispute-line-entity" title={shownText(dispute.entity)}>
        {oneLine(dispute.entity)}
      </span>
      {dispute.column != null && (
        <>
          <span className="sep">›</span>
          <span className="dispute-line-column" title={shownText(dispute.column)}>
            {oneLine(dispute.column)}
          </span>
        </>
      )}
      <StatusChip status={dispute.status} />
    </span>
  );
}

/** How many of the task's disputes the hand link offers. */
const TASK_DISPUTES = 200;

/** The report's task's disputes, those on its row first; empty while loading or without a task. */
function useTaskDisputes(taskId: string | null, row: number | null): DisputeRow[] {
  const [rows, setRows] = useState<{ task: string; rows: DisputeRow[] } | null>(null);
  useEffect(() => {
    if (taskId == null) return;
    let live = true;
    api
      .listDisputes({ filter: { task: taskId }, limit: TASK_DISPUTES })
      .then((listing) => {
        if (live) setRows({ task: taskId, rows: listing.rows });
      })
      .catch(() => {
        if (live) setRows({ task: taskId, rows: [] });
      });
    return () => {
      live = false;
    };
  }, [taskId]);
  if (taskId == null || rows?.task !== taskId) return [];
  return [
    ...rows.rows.filter((r) => row != null && r.gold_row === row),
    ...rows.rows.filter((r) => row == null || r.gold_row !== row),
  ];
}

/** Shown text (controls marked): for a tooltip and the toast after linking. */
const nameOf = (d: DisputeRow): string =>
  oneLine(disputeName({ kind: d.kind, task_id: d.task_id, gold_row: d.gold_row, entity: d.entity, column: d.column }));

function LinkControls({
  item,
  busy,
  onLink,
}: {
  item: ReportListItem;
  busy: boolean;
  onLink: (disputeId: string | null, name?: string) => void;
}) {
  const selectedId = useQueueStore((s) => s.selectedId);
  const queueDetail = useDisputeStore((s) => s.detail);
  const [byId, setById] = useState('');
  const [picked, setPicked] = useState('');
  const taskDisputes = useTaskDisputes(item.task_id, item.row).filter((d) => d.id !== item.dispute_id);
  const queueDispute = queueDetail != null && queueDetail.dispute.id === selectedId ? queueDetail.dispute : null;
  const canLinkSelected = queueDispute != null && queueDispute.id !== item.dispute_id;
  // The queue's selection in another task is offered only saying so, never as if it were this report's.
  const otherTask = canLinkSelected && item.task_id != null && queueDispute.task_id !== item.task_id;
  const pickedRow = taskDisputes.find((d) => d.id === picked) ?? null;
  return (
    <div className="link-controls">
      {item.task_id != null && taskDisputes.length > 0 && (
        <form
          className="link-task-dispute"
          onSubmit={(e) => {
            e.preventDefault();
            if (pickedRow) onLink(pickedRow.id, nameOf(pickedRow));
          }}
        >
          <label className="field-label" htmlFor={REPORT_TASK_DISPUTE}>
            Link to a dispute of {oneLine(item.task_id)}
          </label>
          <select
            id={REPORT_TASK_DISPUTE}
            className="select"
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
          >
            <option value="">
              — {taskDisputes.length} disputes{item.row != null ? `, row ${item.row + 1} first` : ''} —
            </option>
            {taskDisputes.map((d) => (
              <option key={d.id} value={d.id}>
                {oneLine(
                  `${d.gold_row != null ? `row ${d.gold_row + 1} · ` : ''}${d.entity}${d.column != null ? ` › ${d.column}` : ''} · ${KIND_LABELS[d.kind]} · ${d.status}`,
                )}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small" disabled={busy || pickedRow == null}>
            Link
          </button>
        </form>
      )}
      {canLinkSelected && (
        <button
          type="button"
          className={`button button-small ${otherTask ? 'button-warn' : ''}`}
          disabled={busy}
          onClick={() => onLink(queueDispute.id, nameOf(queueDispute))}
          title={`Attach #${item.number} to ${nameOf(queueDispute)}`}
        >
          {otherTask
            ? `Link to the queue’s selection, in another task (${oneLine(queueDispute.task_id)}): `
            : 'Link to selected dispute: '}
          <span className="link-selected">
            {oneLine(queueDispute.entity)}
            {queueDispute.column != null ? ` › ${oneLine(queueDispute.column)}` : ''}
          </span>
        </button>
      )}
      <form
        className="link-by-id"
        onSubmit={(e) => {
          e.preventDefault();
          if (byId.trim() !== '') onLink(byId.trim());
        }}
      >
        <span className="muted small">Or by dispute id:</span>
        <input
          id={LINK_BY_ID_INPUT}
          className="input mono"
          aria-label="Dispute id"
          placeholder="d-…"
          value={byId}
          spellCheck={false}
          onChange={(e) => setById(e.target.value)}
        />
        <button type="submit" className="button button-small" disabled={busy || byId.trim() === ''}>
          Link
        </button>
      </form>
      {item.manual_link && (
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => onLink(null)}
          title="Forget the hand link: attach by what was parsed (and fixed)"
        >
          Back to automatic linking
        </button>
      )}
    </div>
  );
}
