// Which view is shown, which overlay owns the keyboard, and transient notices.
import { create } from 'zustand';

export type Overlay = 'help' | 'import' | 'settings' | 'engineer' | 'reports-import' | 'post-reply' | null;
export type NoticeTone = 'info' | 'success' | 'error';

export interface Notice {
  id: number;
  text: string;
  tone: NoticeTone;
}

interface UiState {
  view: string;
  /** Bumped to build the views kept mounted anew (app/KeptViews.tsx), as on their first opening. */
  viewGeneration: number;
  overlay: Overlay;
  notices: Notice[];
  /** The task question shown whole, kept while walking the queue. */
  questionExpanded: boolean;
  toggleQuestion: () => void;
  /** Each system's cell (verdict, judge reasoning, sources) under the comparison, kept while walking the queue. */
  systemsShown: boolean;
  toggleSystems: () => void;
  setView: (view: string) => void;
  /** Shows a view built anew, even one kept mounted: for arriving with a new selection from elsewhere. */
  reopenView: (view: string) => void;
  openOverlay: (overlay: Overlay) => void;
  closeOverlay: () => void;
  notify: (text: string, tone?: NoticeTone) => void;
  dismiss: (id: number) => void;
}

let nextNoticeId = 1;
const NOTICE_MS: Record<NoticeTone, number> = { info: 2500, success: 2500, error: 8000 };

export const useUiStore = create<UiState>()((set, get) => ({
  view: 'queue',
  viewGeneration: 0,
  overlay: null,
  notices: [],
  questionExpanded: false,
  toggleQuestion: () => set({ questionExpanded: !get().questionExpanded }),
  systemsShown: false,
  toggleSystems: () => set({ systemsShown: !get().systemsShown }),
  setView: (view) => set({ view }),
  reopenView: (view) => set({ view, viewGeneration: get().viewGeneration + 1 }),
  openOverlay: (overlay) => set({ overlay }),
  closeOverlay: () => set({ overlay: null }),
  notify: (text, tone = 'info') => {
    const id = nextNoticeId++;
    // Keep the last few only: a burst of errors must not bury the screen.
    set({ notices: [...get().notices.slice(-3), { id, text, tone }] });
    setTimeout(() => get().dismiss(id), NOTICE_MS[tone]);
  },
  dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
}));

export const notify = (text: string, tone?: NoticeTone) => useUiStore.getState().notify(text, tone);
