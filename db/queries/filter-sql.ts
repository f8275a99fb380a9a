// Translates a DisputeFilter into a WHERE clause over `disputes d`. Every
// filter maps onto an index that ends in priority (see migration 001).
import type { DisputeFilter } from '../../shared/api';
import { normalizeText } from '../../shared/normalize';
import { systemNeedle } from '../disputes/systems-column';

export interface SqlFragment {
  where: string;
  params: (string | number)[];
}

export function filterSql(filter: DisputeFilter): SqlFragment {
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
    clauses.push("d.status <> 'resolved' AND NOT EXISTS (SELECT 1 FROM positions p WHERE p.dispute_id = d.id AND p.engineer = ?)");
    params.push(filter.needs);
  }
  const search = filter.search ? normalizeText(filter.search) : '';
  if (search) {
    // Both sides compared as normalizeText gives them; sealed columns are opened by unseal_search().
    // Slower than an index, fine for an interactive query.
    clauses.push(
      `(instr(search_text(d.task_id), ?) > 0 OR instr(search_text(coalesce(d.column_name, '')), ?) > 0
        OR instr(unseal_search(d.entity_s), ?) > 0 OR instr(coalesce(unseal_search(d.gold_value_s), ''), ?) > 0
        OR EXISTS (SELECT 1 FROM dispute_clusters c WHERE c.dispute_id = d.id AND instr(unseal_search(c.value_s), ?) > 0))`,
    );
    params.push(search, search, search, search, search);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
