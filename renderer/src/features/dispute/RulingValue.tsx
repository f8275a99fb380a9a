// What a ruling says beyond its decision: its value, or for add_alias the gold
// row it names (1-based on screen, with the row's entity).
import type { DisputeDetail, RulingView } from '../../../../shared/api-types';
import { oneLine } from '../../lib/format';
import { rowLabel } from '../../lib/row-picker';

export function RulingValue({ ruling, detail }: { ruling: RulingView; detail: DisputeDetail }) {
  if (ruling.row != null) {
    const row = detail.task_rows.find((r) => r.row === ruling.row);
    return (
      <span className="ruling-row" title={`gold row index ${ruling.row} (0-based)`}>
        row {rowLabel(ruling.row)}
        {row ? ` · ${oneLine(row.entity)}` : ''}
      </span>
    );
  }
  if (ruling.value == null) return null;
  return <span className="value value-value">{oneLine(ruling.value)}</span>;
}
