// An entity several systems returned but gold lacks: one line per system
// (how it named the entity, its value in every column), then on demand (key
// `.`) each system's values with their sources. Letters pick a system.
// The table keeps to the panel's width: long source URLs are cut, whole in
// their tooltips (FittedSourceList).
import type { DisputeDetail, MissingRowSystemView } from '../../../../shared/api-types';
import { oneLine, valueDisplay } from '../../lib/format';
import { clusterKey, SYSTEMS_KEY } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { useUiStore } from '../../stores/ui-store';
import { Section } from '../../ui/Section';
import { ValueText } from '../../ui/ValueText';
import { FittedSourceList } from './SystemCellTable';

export function MissingRowBlock({ detail }: { detail: DisputeDetail }) {
  const picked = useRulingStore((s) => s.draft.picked);
  const pick = useRulingStore((s) => s.pick);
  const shown = useUiStore((s) => s.systemsShown);
  const toggleShown = useUiStore((s) => s.toggleSystems);
  const systems = detail.missing_row_systems;
  // The task's attribute columns any system filled, in the task's order.
  const filled = new Set(systems.flatMap((s) => s.values.map((v) => v.column)));
  const columns = detail.columns.map((c) => c.name).filter((name) => filled.has(name));
  return (
    <Section title="Returned by" aside={<span className="muted small">{systems.length} systems</span>}>
      {/* One line per system, its values side by side: the comparison first. */}
      <table className="compare-table missing-compare" data-testid="missing-compare">
        <thead>
          <tr>
            <th scope="col" className="compare-key-head" aria-label="key" />
            <th scope="col" title="the entity as the system named it">
              As named
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" title={oneLine(column)}>
                {oneLine(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {systems.map((system, i) => {
            const key = clusterKey(i);
            const values = new Map(system.values.map((v) => [v.column, v.value]));
            return (
              <tr
                key={`${system.system}-${i}`}
                className={`compare-line ${picked === i ? 'compare-picked' : ''}`}
                data-testid="missing-compare-line"
                onClick={() => pick(detail, i)}
                title={oneLine(system.system)}
              >
                <td>
                  <button
                    type="button"
                    className="cluster-key"
                    data-enter-save=""
                    onClick={(e) => (e.stopPropagation(), pick(detail, i))}
                    title={key ? `Use this system's row (key ${key})` : undefined}
                  >
                    {key ?? '·'}
                  </button>
                </td>
                <td>
                  <span className="compare-value">{oneLine(system.entity)}</span>
                  <span className="compare-spellings">{oneLine(system.system)}</span>
                </td>
                {columns.map((column) => (
                  <td key={column} className="missing-compare-value">
                    <ValueText display={valueDisplay(values.get(column))} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="section-head missing-details-head">
        <button
          type="button"
          className="section-toggle"
          aria-expanded={shown}
          onClick={toggleShown}
          title={`Show or hide each system’s values with their sources (key ${SYSTEMS_KEY})`}
        >
          <span className="caret" aria-hidden="true">
            {shown ? '▾' : '▸'}
          </span>
          Systems’ sources
          <kbd className="kbd">{SYSTEMS_KEY}</kbd>
        </button>
      </div>
      {shown && (
        <ol className="clusters">
          {systems.map((s, i) => (
            <MissingRowSystem
              key={`${s.system}-${i}`}
              system={s}
              index={i}
              picked={picked === i}
              onPick={() => pick(detail, i)}
            />
          ))}
        </ol>
      )}
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
        <button
          type="button"
          className="cluster-key"
          data-enter-save=""
          onClick={onPick}
          title={key ? `Use this system's row (key ${key})` : undefined}
        >
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
