// The queue: filter, sort, which dispute is selected and how many match.
// The rows themselves stay in ag-grid's infinite cache, paged from SQL.
import { create } from 'zustand';
import type { DisputeFilter, SortField } from '../../../shared/api';
import type { Facets } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';
import { notify } from './ui-store';

export interface QueueSort {
  field: SortField;
  dir: 'asc' | 'desc';
}

interface QueueState {
  /** What the user chose in the filter bar. */
  filter: DisputeFilter;
  /** What the current view imposes (the Conflicts view fixes status). */
  preset: DisputeFilter;
  /** null: the service's default priority order. */
  sort: QueueSort | null;
  selectedId: string | null;
  selectedIndex: number | null;
  total: number | null;
  facets: Facets;
  /** The dispute each view (by its preset, see presetKey) was on when it was left. */
  places: Record<string, string>;
  setFilter: (patch: Partial<DisputeFilter>) => void;
  clearFilter: () => void;
  /** "Needs my ruling": on for this engineer, or off. */
  toggleNeeds: (engineer: string) => void;
  /** The engineer changed: "needs my ruling" now means the new name. */
  followEngineer: (engineer: string) => void;
  /**
   * Another view's fixed filter (Queue ⇄ Conflicts): the dispute selected is
   * remembered for the view left, and the one remembered for the view shown
   * is selected again (found in the listing by its id), so coming back to a
   * view comes back to its place. A view never shown keeps the selection.
   */
  setPreset: (preset: DisputeFilter) => void;
  setSort: (sort: QueueSort | null) => void;
  setSelection: (id: string | null, index: number | null) => void;
  setTotal: (total: number) => void;
  loadFacets: () => Promise<void>;
}

/** Which view a fixed filter belongs to, as a key of the places remembered. */
function presetKey(preset: DisputeFilter): string {
  return JSON.stringify(Object.entries(compact(preset)).sort(([a], [b]) => a.localeCompare(b)));
}

/** Drops empty fields so the request (and equality checks) stay minimal. */
function compact(filter: DisputeFilter): DisputeFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
}

export const useQueueStore = create<QueueState>()((set, get) => ({
  filter: {},
  preset: {},
  sort: null,
  selectedId: null,
  selectedIndex: null,
  total: null,
  facets: { columns: [], systems: [], tasks: [] },
  places: {},
  setFilter: (patch) => set({ filter: compact({ ...get().filter, ...patch }) }),
  clearFilter: () => set({ filter: {} }),
  toggleNeeds: (engineer) => get().setFilter({ needs: get().filter.needs ? undefined : engineer }),
  followEngineer: (engineer) => {
    if (get().filter.needs && get().filter.needs !== engineer) get().setFilter({ needs: engineer });
  },
  setPreset: (preset) => {
    const { preset: left, selectedId } = get();
    const from = presetKey(left);
    const to = presetKey(preset);
    if (from === to) {
      set({ preset });
      return;
    }
    const places = selectedId != null ? { ...get().places, [from]: selectedId } : get().places;
    const back = places[to];
    // With no index the grid finds it by id in the new listing (or starts from its first row).
    set(back != null ? { preset, places, selectedId: back, selectedIndex: null } : { preset, places });
  },
  setSort: (sort) => set({ sort }),
  setSelection: (selectedId, selectedIndex) => set({ selectedId, selectedIndex }),
  setTotal: (total) => set({ total }),
  loadFacets: async () => {
    try {
      set({ facets: await api.getFacets({}) });
    } catch (error) {
      notify(`Could not load filter choices: ${errorMessage(error)}`, 'error');
    }
  },
}));

/** The filter actually sent: the view's preset wins over the filter bar. */
export function effectiveFilter(state: Pick<QueueState, 'filter' | 'preset'>): DisputeFilter {
  return { ...state.filter, ...state.preset };
}
