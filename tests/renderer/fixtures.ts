// Hand-made dispute details for the renderer's pure logic.
import type { ClusterDetail, DisputeDetail, DisputeRow, RulingView } from '../../shared/api-types';

export function row(over: Partial<DisputeRow> = {}): DisputeRow {
  return {
    id: 'd-1',
    kind: 'cell',
    task_id: 'atlas-0001',
    gold_row: 0,
    entity: 'The Legend of Zelda: Ocarina of Time 3D',
    column: 'Critic Metascore',
    gold: { state: 'value', value: '94' },
    top_value: '93',
    top_count: 3,
    contesting: 3,
    status: 'open',
    priority: 1,
    my_decision: null,
    has_report: false,
    ...over,
  };
}

export function cluster(value: string, systems: string[], agrees = false): ClusterDetail {
  return { key: value, value, systems, agrees_with_gold: agrees, cells: [] };
}

export function cellDetail(over: Partial<DisputeDetail> = {}): DisputeDetail {
  return {
    dispute: row(),
    question: 'Which Zelda remakes…',
    entity_column: 'Zelda remake/remaster product title',
    column_rule: { type: 'number', tolerance: 0 },
    gold: { state: 'value', value: '94', alternatives: [], sources: [] },
    gold_row: { entity: 'The Legend of Zelda: Ocarina of Time 3D', aliases: ['Ocarina of Time 3D'] },
    task_rows: [{ row: 0, entity: 'The Legend of Zelda: Ocarina of Time 3D', aliases: ['Ocarina of Time 3D'] }],
    columns: [
      { name: 'Zelda remake/remaster product title', rule: { type: 'entity' } },
      { name: 'Critic Metascore', rule: { type: 'number', tolerance: 0 } },
      { name: 'Lead developer headquarters city', rule: { type: 'text' } },
    ],
    clusters: [cluster('94', ['a-sys'], true), cluster('93', ['b-sys', 'c-sys', 'd-sys']), cluster('95', ['e-sys'])],
    missing_row_systems: [],
    judges: [],
    rulings: [],
    rulings_hidden: false,
    hidden_engineers: 0,
    reports: [],
    settled_by_revision: null,
    ...over,
  };
}

export function missingRowDetail(): DisputeDetail {
  return cellDetail({
    dispute: row({ id: 'd-2', kind: 'missing_row', gold_row: null, column: null, entity: 'Link’s Awakening' }),
    column_rule: null,
    gold_row: null,
    clusters: [],
    missing_row_systems: [
      {
        system: 'kite',
        entity: 'Link’s Awakening',
        values: [
          { column: 'Critic Metascore', value: '87', sources: [] },
          { column: 'Lead developer headquarters city', value: 'Kyoto', sources: [] },
        ],
        sources: [],
      },
      {
        system: 'orion',
        entity: 'Zelda: Link’s Awakening (2019)',
        values: [{ column: 'Critic Metascore', value: '87', sources: [] }],
        sources: [],
      },
    ],
  });
}

/** A ruling as the panel shows it: keep_gold by mia, counted, no value; tests set what they look at. */
export function rulingView(over: Partial<RulingView> = {}): RulingView {
  return {
    id: 'r',
    engineer: 'mia',
    decision: 'keep_gold',
    value: null,
    values: null,
    row: null,
    rationale: null,
    evidence: [],
    revision: null,
    created_at: '2026-01-01T00:00:00Z',
    retracts: null,
    counted: true,
    ...over,
  };
}
