// Translates a DisputeFilter into a WHERE clause over `disputes d`. Every
// filter maps onto an index that ends in priority (see migration 001).
import type { DisputeFilter } from '../../shared/api';
import { normalizeText } from '../../shared/normalize';
import { systemNeedle } from '../disputes';
import type { Store } from '../store';
import { prepareSearch } from './search-index';

export interface SqlFragment {
  where: string;
  params: (string | number)[];
}

/** The filter's search as the index compares it; empty when the filter searches nothing. */
export function searchNeedle(filter: DisputeFilter): string {
  return filter.search ? normalizeText(filter.search) : '';
}

/** For a query about to run on `store`'s connection: a search is prepared there (search-index.ts). */
export function filterSql(store: Store, filter: DisputeFilter): SqlFragment {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.status) {
    clauses.push('d.status = ?');
    params.push(filter.status);
  }
  if (filter.kind) {
    clauses.push('d.kind = ?');
    params.push(filter.kind);
  }
  if (filter.task) {
    clauses.push('d.task_id = ?');
    params.push(filter.task);
  }
  if (filter.column) {
    clauses.push('d.column_name = ?');
    params.push(filter.column);
  }
  if (filter.system) {
    // Tested on each row walked in priority order: the first page stops early (an IN list would be built whole).
    clauses.push('instr(d.systems, ?) > 0');
    params.push(systemNeedle(filter.system));
  }
  if (filter.hasReport !== undefined) {
    clauses.push('d.has_report = ?');
    params.push(filter.hasReport ? 1 : 0);
  }
  if (filter.needs) {
    clauses.push(
      "d.status <> 'resolved' AND NOT EXISTS (SELECT 1 FROM positions p WHERE p.dispute_id = d.id AND p.engineer = ?)",
    );
    params.push(filter.needs);
  }
  const search = searchNeedle(filter);
  if (search) {
    // Task, column, entity, gold and every cluster value, compared as normalizeText gives them.
    const answer = prepareSearch(store, search);
    if ('rowidsJson' in answer) {
      clauses.push('d.rowid IN (SELECT value FROM json_each(?))');
      params.push(answer.rowidsJson);
    } else if ('needle' in answer) {
      clauses.push('search_hit(d.rowid, ?)');
      params.push(answer.needle);
    } else {
      clauses.push('0');
    }
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
