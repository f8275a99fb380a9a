// An entity several systems returned but gold lacks: how each system named
// it, its values for every column, and its sources. Letters pick a system.
// The table keeps to the panel's width: long source URLs are cut, whole in
// their tooltips (FittedSourceList).
import type { DisputeDetail, MissingRowSystemView } from '../../../../shared/api-types';
import { oneLine, valueDisplay } from '../../lib/format';
import { clusterKey } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { Section } from '../../ui/Section';
import { ValueText } from '../../ui/ValueText';
import { FittedSourceList } from './SystemCellTable';

export function MissingRowBlock({ detail }: { detail: DisputeDetail }) {
  const picked = useRulingStore((s) => s.draft.picked);
  const pick = useRulingStore((s) => s.pick);
  const systems = detail.missing_row_systems;
  return (
    <Section title="Returned by" aside={<span className="muted small">{systems.length} systems</span>}>
      <ol className="clusters">
        {systems.map((s, i) => (
          <MissingRowSystem key={`${s.system}-${i}`} system={s} index={i} picked={picked === i} onPick={() => pick(detail, i)} />
        ))}
      </ol>
    </Section>
  );
}

interface MissingRowSystemProps {
  system: MissingRowSystemView;
  index: number;
  picked: boolean;
  onPick: () => void;
}

function MissingRowSystem({ system, index, picked, onPick }: MissingRowSystemProps) {
  const key = clusterKey(index);
  return (
    <li className={`cluster ${picked ? 'cluster-picked' : ''}`}>
      <div className="cluster-head">
        <button type="button" className="cluster-key" data-enter-save="" onClick={onPick} title={key ? `Use this system's row (key ${key})` : undefined}>
          {key ?? '·'}
        </button>
        <div className="cluster-main" onClick={onPick}>
          <span className="value value-value cluster-value">{oneLine(system.entity)}</span>
          <span className="chip chip-system">{oneLine(system.system)}</span>
        </div>
      </div>
      {system.values.length > 0 && (
        <table className="kv-table kv-table-fit">
          <tbody>
            {system.values.map((v) => (
              <tr key={v.column}>
                <th scope="row">{oneLine(v.column)}</th>
                <td>
                  <ValueText display={valueDisplay(v.value)} />
                  <FittedSourceList urls={v.sources} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FittedSourceList urls={system.sources} />
    </li>
  );
}
