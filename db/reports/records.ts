// Reading and writing report rows: finding a report by issue number, and
// storing what the parser found together with the fields linking uses (the
// engineer's override where given, else the parse).
import type { EffectiveReportFields, ParsedReport, ReportCatalogue, ReportOverride } from '../../shared/report-parse';
import type { ReportRef } from '../../shared/api';
import { parseReport } from '../../shared/report-parse';
import { NotFoundError } from '../not-found';
import type { Store } from '../store';

export interface ReportRow {
  id: number;
  repo: string;
  number: number;
  title_s: string;
  body_s: string;
  url: string | null;
  author: string | null;
  labels_json: string;
  state: 'open' | 'closed';
  created_at: string | null;
  updated_at: string | null;
  content_sha: string;
  parsed_s: string | null;
  override_s: string | null;
  task_id: string | null;
  gold_row: number | null;
  column_name: string | null;
  column_score: number | null;
  proposed_value_s: string | null;
  missing_entity_s: string | null;
  urls_s: string;
  confidence: number | null;
}

export class ReportError extends Error {
  override name = 'ReportError';
}

export function findReport(store: Store, ref: ReportRef): ReportRow {
  const rows = store.db
    .prepare<[number], ReportRow>('SELECT * FROM reports WHERE number = ? ORDER BY repo')
    .all(ref.number)
    .filter((row) => ref.repo === undefined || row.repo.toLowerCase() === ref.repo.toLowerCase());
  if (rows.length === 0) {
    throw new NotFoundError(
      `no report #${ref.number}${ref.repo ? ` from ${ref.repo}` : ''} in this store (import it with "reports import")`,
    );
  }
  if (rows.length > 1) {
    throw new ReportError(
      `issue #${ref.number} exists in ${rows.map((row) => row.repo || '(no repository)').join(', ')}: name the repository`,
    );
  }
  return rows[0]!;
}

export function readParsed(store: Store, row: Pick<ReportRow, 'parsed_s'>): ParsedReport | null {
  return store.sealer.openJson<ParsedReport | null>(row.parsed_s, null);
}

export function readOverride(store: Store, row: Pick<ReportRow, 'override_s'>): ReportOverride | null {
  return store.sealer.openJson<ReportOverride | null>(row.override_s, null);
}

function pick<K extends keyof ReportOverride>(
  override: ReportOverride | null,
  key: K,
  parsed: NonNullable<ReportOverride[K]> | null,
): NonNullable<ReportOverride[K]> | null {
  return override && Object.hasOwn(override, key) && override[key] !== undefined ? (override[key] ?? null) : parsed;
}

export function effectiveFields(parsed: ParsedReport | null, override: ReportOverride | null): EffectiveReportFields {
  const column = pick(override, 'column', parsed?.column ?? null);
  return {
    task_id: pick(override, 'task_id', parsed?.task_id ?? null),
    row: pick(override, 'row', parsed?.gold_row ?? null),
    column,
    // A hand-picked column is exact.
    column_score:
      override && Object.hasOwn(override, 'column') ? (column === null ? null : 1) : (parsed?.column_score ?? null),
    proposed_value: pick(override, 'proposed_value', parsed?.proposed_value ?? null),
    missing_entity: pick(override, 'missing_entity', parsed?.missing_entity ?? null),
    confidence: parsed?.confidence ?? null,
    column_unresolved:
      column === null && !(override && Object.hasOwn(override, 'column')) ? (parsed?.column_text ?? null) : null,
  };
}

/** Parses the report again (for the overridden task, when there is one) and stores parse and effective fields. */
export function reparse(store: Store, row: ReportRow, catalogue: ReportCatalogue): EffectiveReportFields {
  const { sealer } = store;
  const override = readOverride(store, row);
  const taskId = override?.task_id ?? undefined;
  const parsed = parseReport({ title: sealer.open(row.title_s), body: sealer.open(row.body_s) }, catalogue, { taskId });
  const effective = effectiveFields(parsed, override);
  store.db
    .prepare(
      `UPDATE reports SET parsed_s = ?, task_id = ?, gold_row = ?, column_name = ?, column_score = ?, proposed_value_s = ?,
              missing_entity_s = ?, urls_s = ?, confidence = ? WHERE id = ?`,
    )
    .run(
      sealer.sealJson(parsed),
      effective.task_id,
      effective.row,
      effective.column,
      effective.column_score,
      sealer.seal(effective.proposed_value),
      sealer.seal(effective.missing_entity),
      sealer.sealJson(parsed.urls),
      effective.confidence,
      row.id,
    );
  return effective;
}
