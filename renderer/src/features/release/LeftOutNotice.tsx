// What the export would leave out, said before Export is pressed: the
// disputes in conflict and the open ones with rulings that do not settle them
// yet, by task, entity and column; the open ones nobody ruled on, counted.
import { useEffect, useState } from 'react';
import type { LeftOutSummary } from '../../../../shared/api-types';
import { api } from '../../api/client';
import { formatCount, oneLine } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { StatusChip } from '../../ui/StatusChip';

/** Named here; the rest are counted. */
const SHOWN = 8;

export function LeftOutNotice() {
  const counts = useInfoStore((s) => s.info?.counts);
  const [summary, setSummary] = useState<LeftOutSummary | null>(null);
  // Reloaded whenever the counts move (a ruling saved, an import).
  useEffect(() => {
    let live = true;
    api
      .exportLeftOut({})
      .then((result) => {
        if (live) setSummary(result);
      })
      .catch(() => {
        if (live) setSummary(null);
      });
    return () => {
      live = false;
    };
  }, [counts]);
  if (summary == null || summary.conflicts + summary.open_ruled + summary.open_unruled === 0) return null;
  const named = summary.disputes.slice(0, SHOWN);
  const more = summary.conflicts + summary.open_ruled - named.length;
  const parts = [
    summary.conflicts > 0 ? `${formatCount(summary.conflicts)} in conflict` : null,
    summary.open_ruled > 0
      ? `${formatCount(summary.open_ruled)} open with rulings that do not settle ${summary.open_ruled === 1 ? 'it' : 'them'} yet`
      : null,
    summary.open_unruled > 0 ? `${formatCount(summary.open_unruled)} open that nobody ruled on` : null,
  ].filter((part): part is string => part !== null);
  return (
    <div className="left-out" role="note" aria-label="Left out of this patch" data-testid="export-left-out">
      <strong>Left out of this patch:</strong> {parts.join(', ')}.
      {named.length > 0 && (
        <ul>
          {named.map((d) => (
            <li key={d.id} className="small">
              <StatusChip status={d.status} /> {oneLine(d.name)}
            </li>
          ))}
          {more > 0 && <li className="small muted">… and {formatCount(more)} more</li>}
        </ul>
      )}
    </div>
  );
}
