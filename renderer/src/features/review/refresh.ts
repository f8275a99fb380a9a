// After something changed the store's rulings or policy: the grid rows, the
// status counts, the open dispute and (if loaded) the statistics follow.
import { useDisputeStore } from '../../stores/dispute-store';
import { useInfoStore } from '../../stores/info-store';
import { useStatsStore } from '../../stores/stats-store';
import { refreshRows } from '../queue/grid-bridge';

/** Counts and statistics only: the caller decides what the grid and panel do. */
export async function refreshCounts(): Promise<void> {
  await Promise.all([useInfoStore.getState().refresh(), useStatsStore.getState().refresh()]);
}

/** Everything in place: rows keep their selection, the panel reloads its dispute. */
export async function refreshEverything(): Promise<void> {
  refreshRows();
  await Promise.all([refreshCounts(), useDisputeStore.getState().reload()]);
}
