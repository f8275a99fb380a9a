// Filters fed by getFacets, and the quick search (`/` focuses it).
import { useEffect, useRef, useState } from 'react';
import type { DisputeFilter } from '../../../../shared/api';
import { DISPUTE_KINDS, DISPUTE_STATUSES } from '../../../../shared/domain';
import { KIND_LABELS, oneLine, STATUS_LABELS } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useQueueStore } from '../../stores/queue-store';
import { Kbd } from '../../ui/Kbd';
import { ToggleButton } from '../../ui/ToggleButton';

const SEARCH_DELAY_MS = 250;

export function FilterBar() {
  const filter = useQueueStore((s) => s.filter);
  const preset = useQueueStore((s) => s.preset);
  const facets = useQueueStore((s) => s.facets);
  const setFilter = useQueueStore((s) => s.setFilter);
  const clearFilter = useQueueStore((s) => s.clearFilter);
  const active = Object.keys(filter).length > 0;
  return (
    <div className="filter-bar" role="search">
      <SearchBox />
      <NeedsMeToggle />
      <HasReportToggle />
      <FilterSelect
        label="Status"
        value={preset.status ?? filter.status}
        locked={preset.status != null}
        options={DISPUTE_STATUSES.map((s) => [s, STATUS_LABELS[s]])}
        onChange={(status) => setFilter({ status: status as DisputeFilter['status'] })}
      />
      <FilterSelect
        label="Kind"
        value={filter.kind}
        options={DISPUTE_KINDS.map((k) => [k, KIND_LABELS[k]])}
        onChange={(kind) => setFilter({ kind: kind as DisputeFilter['kind'] })}
      />
      <FilterSelect
        label="Task"
        value={filter.task}
        options={facets.tasks.map((t) => [t, oneLine(t)])}
        onChange={(task) => setFilter({ task })}
      />
      <FilterSelect
        label="Column"
        value={filter.column}
        options={facets.columns.map((c) => [c, oneLine(c)])}
        onChange={(column) => setFilter({ column })}
      />
      <FilterSelect
        label="System"
        value={filter.system}
        options={facets.systems.map((s) => [s, oneLine(s)])}
        onChange={(system) => setFilter({ system })}
      />
      {active && (
        <button type="button" className="link-button" onClick={clearFilter}>
          Clear
        </button>
      )}
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  locked?: boolean;
  onChange: (value: string | undefined) => void;
}

function FilterSelect({ label, value, options, locked = false, onChange }: FilterSelectProps) {
  if (locked) {
    // The view fixes this filter (Conflicts): say so instead of a dead control.
    return (
      <span className="filter-select filter-locked" title="Fixed by this view">
        <span className="filter-label">{label}</span>
        <span className="filter-locked-value">{options.find(([v]) => v === value)?.[1] ?? oneLine(value ?? '')}</span>
      </span>
    );
  }
  return (
    <label className={`filter-select ${value ? 'filter-active' : ''}`}>
      <span className="filter-label">{label}</span>
      <select
        className="select"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">all</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Needs my ruling": disputes I have not ruled on that are not resolved (Shift+N). */
function NeedsMeToggle() {
  const needs = useQueueStore((s) => s.filter.needs);
  const toggleNeeds = useQueueStore((s) => s.toggleNeeds);
  const engineer = useInfoStore((s) => s.info?.engineer);
  if (!engineer) return null;
  const on = needs != null;
  return (
    <button
      type="button"
      className={`toggle ${on ? 'toggle-on' : ''}`}
      aria-pressed={on}
      aria-label="Needs my ruling"
      title={`Only disputes ${oneLine(engineer)} has not ruled on and that are not resolved (Shift+N)`}
      onClick={() => toggleNeeds(engineer)}
    >
      <span className="toggle-box" aria-hidden="true">
        {on ? '✓' : ''}
      </span>
      <span>Needs my ruling</span>
      <Kbd>N</Kbd>
    </button>
  );
}

/** Only disputes with a GitHub report attached. */
function HasReportToggle() {
  const on = useQueueStore((s) => s.filter.hasReport === true);
  const setFilter = useQueueStore((s) => s.setFilter);
  return (
    <ToggleButton
      on={on}
      label="Has report"
      title="Only disputes a user reported on GitHub"
      onToggle={() => setFilter({ hasReport: on ? undefined : true })}
    />
  );
}

function SearchBox() {
  const applied = useQueueStore((s) => s.filter.search ?? '');
  const setFilter = useQueueStore((s) => s.setFilter);
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Follow outside changes (Clear) without fighting the user's typing
  // (the applied search is trimmed; the box may hold a trailing space).
  useEffect(() => {
    setText((current) => (current.trim() === applied ? current : applied));
  }, [applied]);

  const schedule = (next: string) => {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setFilter({ search: next.trim() || undefined }), SEARCH_DELAY_MS);
  };

  return (
    <input
      id="queue-search"
      className="input search-input"
      type="search"
      placeholder="Search entity and values  /"
      value={text}
      spellCheck={false}
      onChange={(e) => schedule(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          // Apply now and hand the keyboard back to the queue.
          if (timer.current) clearTimeout(timer.current);
          setFilter({ search: text.trim() || undefined });
          e.currentTarget.blur();
        }
      }}
    />
  );
}
