// Where a dispute sits in a listing (filter and order), so a new filter can
// keep the dispute the engineer was on. The service answers directly for its
// default order; for a column sort the listing is scanned page by page, up to
// a bound (past it, the dispute is taken as not found: the first row is
// selected, as for a dispute the filter excludes).
import type { DisputeFilter, ListDisputesInput } from '../../../../shared/api';
import type { DisputeListing } from '../../../../shared/api-types';

export interface LocateApi {
  locateDispute: (input: { id: string; filter: DisputeFilter }) => Promise<{ index: number | null }>;
  listDisputes: (input: Partial<ListDisputesInput> & { filter: DisputeFilter }) => Promise<DisputeListing>;
}

export interface LocateQuery {
  id: string;
  filter: DisputeFilter;
  sort?: ListDisputesInput['sort'] | null;
  pageSize?: number;
  /** Rows scanned at most under a sort. */
  maxRows?: number;
}

/** The dispute's index in the listing, or null when it is not in it (or not within the scan's bound). */
export async function locateInListing(api: LocateApi, query: LocateQuery): Promise<number | null> {
  const { id, filter, sort } = query;
  if (!sort) return (await api.locateDispute({ id, filter })).index;
  const pageSize = query.pageSize ?? 500;
  const maxRows = query.maxRows ?? 5000;
  for (let offset = 0; offset < maxRows; offset += pageSize) {
    const page = await api.listDisputes({ filter, sort, offset, limit: pageSize });
    const found = page.rows.findIndex((row) => row.id === id);
    if (found >= 0) return offset + found;
    if (page.rows.length < pageSize || offset + pageSize >= page.total) return null;
  }
  return null;
}
