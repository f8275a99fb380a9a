// Finding the next dispute that still needs this engineer, scanning the same
// listing (filter and order) the grid shows, page by page from a position.
import type { DisputeFilter, ListDisputesInput } from '../../../shared/api';
import type { DisputeListing, DisputeRow } from '../../../shared/api-types';

type List = (input: Partial<ListDisputesInput> & { filter: DisputeFilter }) => Promise<DisputeListing>;

export interface NextOpenQuery {
  filter: DisputeFilter;
  sort?: ListDisputesInput['sort'];
  /** Start scanning here: the position of the dispute just ruled. */
  from: number;
  /** The dispute just ruled, skipped even if it is still open. */
  currentId: string;
  /** What counts as "next" (default: open and not ruled by me). */
  wanted?: (row: DisputeRow) => boolean;
  pageSize?: number;
}

/** Open and not yet ruled by me: what "next" means after saving. */
export function needsMe(row: DisputeRow): boolean {
  return row.status === 'open' && row.my_decision == null;
}

/**
 * Scans forward from `from`, then wraps to the start, for the first row that
 * needs me. Returns its id and position, or null when none is left.
 */
export async function findNextOpen(list: List, query: NextOpenQuery): Promise<{ id: string; index: number } | null> {
  const pageSize = query.pageSize ?? 200;
  const sort = query.sort ? { sort: query.sort } : {};
  const scan = async (start: number, end: number | null): Promise<{ id: string; index: number } | null> => {
    for (let offset = start; end == null || offset < end; offset += pageSize) {
      const page = await list({ filter: query.filter, ...sort, offset, limit: pageSize });
      const wanted = query.wanted ?? needsMe;
      const found = page.rows.findIndex((row) => row.id !== query.currentId && wanted(row));
      const hit = page.rows[found];
      if (hit && (end == null || offset + found < end)) return { id: hit.id, index: offset + found };
      if (page.rows.length < pageSize || offset + pageSize >= page.total) return null;
    }
    return null;
  };
  const from = Math.max(0, query.from);
  return (await scan(from, null)) ?? (from > 0 ? scan(0, from) : null);
}

/** In the Conflicts view, the next dispute still in conflict. */
export function inConflict(row: DisputeRow): boolean {
  return row.status === 'conflict';
}
