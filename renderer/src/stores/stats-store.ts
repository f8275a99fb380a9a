// Agreement statistics for the Stats view. Loaded when the view opens and
// refreshed after anything that changes rulings or the policy, but only once
// someone has looked: a closed view costs nothing.
import { create } from 'zustand';
import type { AgreementStats } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';

interface StatsState {
  stats: AgreementStats | null;
  loading: boolean;
  error: string | null;
  /** When the shown statistics were read (ISO). */
  loadedAt: string | null;
  /** Which slice the heat map and pair table show (see features/stats/stats-data.ts). */
  scope: string;
  load: () => Promise<void>;
  /** Reloads only when already loaded (after a ruling, an import, a policy change). */
  refresh: () => Promise<void>;
  setScope: (scope: string) => void;
}

let latestRequest = 0;

export const useStatsStore = create<StatsState>()((set, get) => ({
  stats: null,
  loading: false,
  error: null,
  loadedAt: null,
  scope: 'overall',
  load: async () => {
    const request = ++latestRequest;
    set({ loading: true });
    try {
      const stats = await api.getStats({});
      if (request === latestRequest) set({ stats, loading: false, error: null, loadedAt: new Date().toISOString() });
    } catch (error) {
      if (request === latestRequest) set({ loading: false, error: errorMessage(error) });
    }
  },
  refresh: async () => {
    if (get().stats != null || get().error != null) await get().load();
  },
  setScope: (scope) => set({ scope }),
}));
