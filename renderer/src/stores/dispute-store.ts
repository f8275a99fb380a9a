// The full detail of the selected dispute. Selection can move faster than the
// service answers, so only the answer for the latest request is kept.
import { create } from 'zustand';
import type { DisputeDetail } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';

interface DisputeState {
  detail: DisputeDetail | null;
  /** The id being fetched, null when idle. */
  loadingId: string | null;
  error: string | null;
  load: (id: string | null) => Promise<void>;
  reload: () => Promise<void>;
}

let latestRequest = 0;
/** While one answer is awaited, a held-down `j` asks for many: only the last one is fetched. */
const BURST_DELAY_MS = 70;

export const useDisputeStore = create<DisputeState>()((set, get) => ({
  detail: null,
  loadingId: null,
  error: null,
  load: async (id) => {
    const request = ++latestRequest;
    if (id == null) {
      set({ detail: null, loadingId: null, error: null });
      return;
    }
    const busy = get().loadingId != null;
    set({ loadingId: id, error: null });
    if (busy) {
      await new Promise((resolve) => setTimeout(resolve, BURST_DELAY_MS));
      if (request !== latestRequest) return;
    }
    try {
      const detail = await api.getDispute({ id });
      if (request === latestRequest) set({ detail, loadingId: null });
    } catch (error) {
      if (request === latestRequest) set({ loadingId: null, error: errorMessage(error) });
    }
  },
  reload: async () => {
    const id = get().detail?.dispute.id ?? get().loadingId;
    if (id) await get().load(id);
  },
}));
