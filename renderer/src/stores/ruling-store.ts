// The ruling being composed for the dispute on screen. The rules of how keys
// change it live in lib/draft.ts; this store only holds the draft and asks
// inputs to take focus.
import { create } from 'zustand';
import type { DisputeDetail, RulingView } from '../../../shared/api-types';
import {
  adoptRuling,
  chooseDecision,
  emptyDraft,
  focusAfterChoosing,
  keepRowSpellings,
  pickTarget,
  type RulingDraft,
} from '../lib/draft';

export type DraftField = 'value' | 'row' | 'rationale' | 'evidence';

interface RulingState {
  draft: RulingDraft;
  saving: boolean;
  error: string | null;
  /** Bumped to move focus to a field; the field's effect watches it. */
  focus: { field: DraftField; seq: number } | null;
  reset: (disputeId: string) => void;
  /** After a save: the same dispute, an empty draft (a save that moves on keeps its flag until the next dispute shows). */
  clear: () => void;
  choose: (detail: DisputeDetail, index: number) => void;
  pick: (detail: DisputeDetail, index: number) => void;
  /** Take another engineer's ruling as my draft (to agree with it). */
  adopt: (detail: DisputeDetail, ruling: RulingView) => void;
  update: (patch: Partial<Omit<RulingDraft, 'disputeId'>>) => void;
  setColumnValue: (column: string, value: string) => void;
  /** Add row: the systems' own spellings, or gold's format of them. */
  keepRowSpellings: (detail: DisputeDetail, keep: boolean) => void;
  addEvidence: (url: string) => void;
  removeEvidence: (index: number) => void;
  requestFocus: (field: DraftField) => void;
  setSaving: (saving: boolean) => void;
  setError: (error: string | null) => void;
}

let focusSeq = 0;

export const useRulingStore = create<RulingState>()((set, get) => ({
  draft: emptyDraft(''),
  saving: false,
  error: null,
  focus: null,
  // A focus request never outlives its draft: a field of the next dispute must not take it when it mounts.
  reset: (disputeId) => {
    if (get().draft.disputeId !== disputeId)
      set({ draft: emptyDraft(disputeId), error: null, saving: false, focus: null });
  },
  clear: () => set({ draft: emptyDraft(get().draft.disputeId), error: null, focus: null }),
  choose: (detail, index) => {
    const before = get().draft.decision;
    const draft = chooseDecision(get().draft, detail, index);
    set({ draft, error: null });
    // Where there is typing to do and nothing prefilled to lose (lib/draft.ts focusAfterChoosing).
    const field = focusAfterChoosing(before, draft.decision);
    if (field != null) get().requestFocus(field);
  },
  pick: (detail, index) => set({ draft: pickTarget(get().draft, detail, index), error: null }),
  adopt: (detail, ruling) => set({ draft: adoptRuling(get().draft, detail, ruling), error: null }),
  update: (patch) => set({ draft: { ...get().draft, ...patch }, error: null }),
  setColumnValue: (column, value) =>
    set({ draft: { ...get().draft, values: { ...get().draft.values, [column]: value } } }),
  keepRowSpellings: (detail, keep) => set({ draft: keepRowSpellings(get().draft, detail, keep), error: null }),
  addEvidence: (url) => {
    const { draft } = get();
    if (!draft.evidence.includes(url)) set({ draft: { ...draft, evidence: [...draft.evidence, url] } });
  },
  removeEvidence: (index) =>
    set({ draft: { ...get().draft, evidence: get().draft.evidence.filter((_, i) => i !== index) } }),
  requestFocus: (field) => set({ focus: { field, seq: ++focusSeq } }),
  setSaving: (saving) => set({ saving }),
  setError: (error) => set({ error }),
}));
