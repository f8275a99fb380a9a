// Agreement statistics for the Stats view. Loaded when the view first opens,
// kept while the store's data version stays put (opening the view again shows
// them at once, asking only the version), and refreshed after anything that
// changes rulings or the policy, but only once someone has looked: a closed
// view costs nothing.
import { create } from 'zustand';
import type { AgreementStats } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';

interface StatsState {
  stats: AgreementStats | null;
  loading: boolean;
  error: string | null;
  /** When the shown statistics were read (ISO). */
  loadedAt: string | null;
  /** The store's data version read just before them: they hold until it moves. */
  version: number | null;
  /** Which slice the heat map and pair table show (see features/stats/stats-data.ts). */
  scope: string;
  /** The latest load: an answer to an earlier one is ignored. */
  latestRequest: number;
  load: () => Promise<void>;
  /** The view opens: loads the first time, and again only when the data version moved since. */
  open: () => Promise<void>;
  /** Reloads only when already loaded (after a ruling, an import, a policy change). */
  refresh: () => Promise<void>;
  setScope: (scope: string) => void;
}

export const useStatsStore = create<StatsState>()((set, get) => ({
  stats: null,
  loading: false,
  error: null,
  loadedAt: null,
  version: null,
  scope: 'overall',
  latestRequest: 0,
  load: async () => {
    const request = get().latestRequest + 1;
    set({ latestRequest: request });
    set({ loading: true });
    try {
      // The version first: a write between the two moves it past this one, so the next open reloads.
      const { version } = await api.getDataVersion({});
      const stats = await api.getStats({});
      if (request === get().latestRequest)
        set({ stats, version, loading: false, error: null, loadedAt: new Date().toISOString() });
    } catch (error) {
      if (request === get().latestRequest) set({ loading: false, error: errorMessage(error) });
    }
  },
  open: async () => {
    const { stats, version, loading } = get();
    if (stats == null || version == null) {
      if (!loading) await get().load();
      return;
    }
    try {
      if ((await api.getDataVersion({})).version !== version) await get().load();
    } catch {
      await get().load();
    }
  },
  refresh: async () => {
    if (get().stats != null || get().error != null) await get().load();
  },
  setScope: (scope) => set({ scope }),
}));
