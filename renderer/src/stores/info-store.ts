// What the header and status bar show about the store: path, revision,
// engineer and status counts.
import { create } from 'zustand';
import type { StoreInfo } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';

interface InfoState {
  info: StoreInfo | null;
  error: string | null;
  refresh: () => Promise<void>;
}

export const useInfoStore = create<InfoState>()((set) => ({
  info: null,
  error: null,
  refresh: async () => {
    try {
      set({ info: await api.getInfo({}), error: null });
    } catch (error) {
      set({ error: errorMessage(error) });
    }
  },
}));

/** True when nothing has been imported yet: the app offers the demo and import instead of an empty queue. */
export const selectIsEmpty = (s: InfoState) => s.info != null && s.info.counts.total === 0 && s.info.tasks === 0;
