// The Reports tab: every GitHub report with what was parsed from it and where
// it is linked, "unlinked only" and a search; the selected report beside it.
// j / k (or ↓ / ↑) move through the list, Enter opens its dispute in the queue.
import { useEffect, useMemo, useRef } from 'react';
import type { ReportListItem } from '../../../../shared/report-parse';
import { formatCount, oneLine, shownText } from '../../lib/format';
import {
  confidenceText,
  confidenceTone,
  countUnlinked,
  filterReports,
  reportKey,
  rowText,
  scoreText,
} from '../../lib/reports';
import { useReportsStore } from '../../stores/reports-store';
import { useUiStore } from '../../stores/ui-store';
import { ToggleButton } from '../../ui/ToggleButton';
import { ReportDetail } from './ReportDetail';
import { IssueState } from './ReportMeta';
import { ReportText } from './ReportText';

export function ReportsView() {
  const ensureLoaded = useReportsStore((s) => s.ensureLoaded);
  useEffect(() => {
    void ensureLoaded();
  }, [ensureLoaded]);
  return (
    <div className="reports-page">
      <div className="reports-list-pane">
        <ReportsToolbar />
        <ReportsTable />
      </div>
      <ReportDetail />
    </div>
  );
}

function ReportsToolbar() {
  const items = useReportsStore((s) => s.items);
  const unlinkedOnly = useReportsStore((s) => s.unlinkedOnly);
  const query = useReportsStore((s) => s.query);
  const loading = useReportsStore((s) => s.loading);
  const setUnlinkedOnly = useReportsStore((s) => s.setUnlinkedOnly);
  const setQuery = useReportsStore((s) => s.setQuery);
  const refresh = useReportsStore((s) => s.refresh);
  const openOverlay = useUiStore((s) => s.openOverlay);
  const unlinked = countUnlinked(items);
  return (
    <div className="filter-bar reports-toolbar" role="search">
      <input
        id="reports-search"
        className="input search-input"
        type="search"
        placeholder="Search reports  /"
        value={query}
        spellCheck={false}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      <ToggleButton
        on={unlinkedOnly}
        label="Unlinked only"
        title="Only reports not attached to any dispute (no task found, or nothing to attach to)"
        onToggle={() => setUnlinkedOnly(!unlinkedOnly)}
      >
        <span>Unlinked only</span>
        {unlinked > 0 && <span className="toggle-count">{formatCount(unlinked)}</span>}
      </ToggleButton>
      <span className="muted small">
        {formatCount(items.length)} report{items.length === 1 ? '' : 's'} · {formatCount(unlinked)} unlinked
      </span>
      <span className="spacer" />
      <button type="button" className="button button-small" disabled={loading} onClick={() => void refresh()}>
        {loading ? 'Refreshing…' : 'Refresh'}
      </button>
      <button
        type="button"
        className="button button-small button-primary"
        onClick={() => openOverlay('reports-import')}
      >
        Import reports…
      </button>
    </div>
  );
}

function ReportsTable() {
  const items = useReportsStore((s) => s.items);
  const unlinkedOnly = useReportsStore((s) => s.unlinkedOnly);
  const query = useReportsStore((s) => s.query);
  const loaded = useReportsStore((s) => s.loaded);
  const error = useReportsStore((s) => s.error);
  const selected = useReportsStore((s) => s.selected);
  const select = useReportsStore((s) => s.select);
  const setUnlinkedOnly = useReportsStore((s) => s.setUnlinkedOnly);
  const setQuery = useReportsStore((s) => s.setQuery);
  const openOverlay = useUiStore((s) => s.openOverlay);
  const rows = useMemo(() => filterReports(items, { unlinkedOnly, query }), [items, unlinkedOnly, query]);
  const body = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    body.current?.querySelector('.report-row-selected')?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  if (error != null && items.length === 0)
    return <div className="reports-empty error-text">Could not load the reports: {error}</div>;
  if (!loaded) return <div className="reports-empty muted">Loading reports…</div>;
  if (items.length === 0) {
    return (
      <div className="reports-empty">
        <p>No GitHub reports yet.</p>
        <p className="muted">
          Import a saved issue list (<code>gh issue list --json …</code> or the REST response) or fetch a repository’s
          issues live.
        </p>
        <button type="button" className="button button-primary" onClick={() => openOverlay('reports-import')}>
          Import reports…
        </button>
      </div>
    );
  }
  return (
    <div className="reports-table-wrap">
      <table className="data-table reports-table" aria-label="GitHub reports">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Title</th>
            <th>State</th>
            <th>Task</th>
            <th className="num" title="Gold row, counted from 1">
              Row
            </th>
            <th>Column</th>
            <th className="num" title="How much of task, row, column, value and sources the parser found">
              Conf.
            </th>
            <th>Dispute</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((item) => (
            <ReportRow
              key={reportKey(item)}
              item={item}
              selected={reportKey(item) === selected}
              onSelect={() => void select(reportKey(item))}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && (
        <div className="reports-empty muted">
          No report matches.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setQuery('');
              setUnlinkedOnly(false);
            }}
          >
            Show all
          </button>
        </div>
      )}
    </div>
  );
}

function ReportRow({ item, selected, onSelect }: { item: ReportListItem; selected: boolean; onSelect: () => void }) {
  return (
    <tr className={`report-row ${selected ? 'report-row-selected' : ''}`} aria-selected={selected} onClick={onSelect}>
      <td className="num mono">{item.number}</td>
      <td className="report-title-cell" title={shownText(item.title)}>
        <ReportText text={item.title} />
      </td>
      <td>
        <IssueState state={item.state} />
      </td>
      <td className="report-task" title={item.task_id != null ? shownText(item.task_id) : 'no task found'}>
        {item.task_id != null ? oneLine(item.task_id) : <span className="value-muted">unparsed</span>}
      </td>
      <td className="num" title={item.row != null ? `gold row index ${item.row} (0-based)` : 'no row found'}>
        {item.row != null ? rowText(item.row) : <span className="value-muted">—</span>}
      </td>
      <td className="report-column" title={shownText(item.column ?? '')}>
        {item.column != null ? (
          <>
            <span>{oneLine(item.column)}</span>{' '}
            {item.column_score != null && (
              <span className={`match-score ${item.column_score >= 0.999 ? 'match-exact' : ''}`}>
                {scoreText(item.column_score)}
              </span>
            )}
          </>
        ) : item.column_unresolved != null ? (
          <span className="unparsed" title={`“${shownText(item.column_unresolved)}” is none of the task’s columns`}>
            unresolved
          </span>
        ) : (
          <span className="value-muted">{item.row != null ? 'whole row' : '—'}</span>
        )}
      </td>
      <td className="num">
        <span className={`confidence confidence-${confidenceTone(item.confidence)}`}>
          {confidenceText(item.confidence)}
        </span>
        {item.overridden && (
          <span className="fixed-mark" title="Fixed by hand">
            ✎
          </span>
        )}
      </td>
      <td>
        {item.dispute_id != null ? (
          <span
            className="chip chip-linked"
            title={`${item.manual_link ? 'Linked by hand to' : 'Linked to'} ${item.dispute_id}`}
          >
            {item.manual_link ? 'by hand' : 'linked'}
          </span>
        ) : (
          <span className="chip chip-unlinked">unlinked</span>
        )}
      </td>
    </tr>
  );
}
