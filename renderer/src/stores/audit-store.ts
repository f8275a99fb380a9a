// The Audit view (design.md §10): the rounds and estimate, the audited cells
// in review order, the cell under review and the verdict being written.
import { create } from 'zustand';
import type { AuditVerdict } from '../../../shared/audit';
import { AUDIT_VERDICTS } from '../../../shared/audit';
import type { AuditCellDetail, AuditCellItem, AuditOverview, SampleSizeProposal } from '../../../shared/audit';
import { api, errorMessage } from '../api/client';
import { notify } from './ui-store';

export interface VerdictDraft {
  cellId: string | null;
  verdict: AuditVerdict | null;
  rationale: string;
  evidence: string[];
  /** A link typed but not added yet: saving adds it. */
  evidenceInput: string;
}

const EMPTY_DRAFT: VerdictDraft = { cellId: null, verdict: null, rationale: '', evidence: [], evidenceInput: '' };

interface AuditState {
  overview: AuditOverview | null;
  cells: AuditCellItem[];
  selectedId: string | null;
  detail: AuditCellDetail | null;
  draft: VerdictDraft;
  proposal: SampleSizeProposal | null;
  busy: boolean;
  error: string | null;
  /** The latest cell detail asked for: an answer to an earlier one is ignored. */
  latestDetail: number;
  load: () => Promise<void>;
  draw: (input: { disputed: number; undisputed: number; seed?: string }) => Promise<boolean>;
  propose: (input: { halfWidth: number; priorRate: number }) => Promise<void>;
  select: (id: string) => Promise<void>;
  move: (delta: number) => void;
  choose: (index: number) => void;
  setDraft: (patch: Partial<VerdictDraft>) => void;
  reveal: () => Promise<void>;
  save: () => Promise<void>;
}

export const useAuditStore = create<AuditState>()((set, get) => {
  const loadDetail = async (id: string, reveal = false): Promise<void> => {
    const request = get().latestDetail + 1;
    set({ latestDetail: request });
    try {
      const detail = await api.getAuditCell({ id, ...(reveal ? { reveal: true } : {}) });
      if (request !== get().latestDetail) return;
      const draft = get().draft.cellId === id ? get().draft : { ...EMPTY_DRAFT, cellId: id };
      set({ detail, draft });
    } catch (error) {
      if (request === get().latestDetail) set({ error: errorMessage(error) });
    }
  };
  const reload = async (): Promise<void> => {
    const [overview, cells] = await Promise.all([api.getAuditOverview({}), api.listAuditCells({})]);
    set({ overview, cells, error: null });
  };
  // After a verdict the frame and rounds are as they were: only the cells and the estimates move (the frame is
  // counted over every gold cell, which the keyboard should not wait for).
  const refreshAfterVerdict = async (): Promise<void> => {
    const { overview } = get();
    if (!overview) return reload();
    const [cells, estimate, ...revisions] = await Promise.all([
      api.listAuditCells({}),
      api.getAuditEstimate({}),
      ...overview.revisions.map((revision) => api.getAuditEstimate({ revision: revision.revision! })),
    ]);
    set({ cells, overview: { ...overview, estimate, revisions }, error: null });
  };
  return {
    latestDetail: 0,
    overview: null,
    cells: [],
    selectedId: null,
    detail: null,
    draft: EMPTY_DRAFT,
    proposal: null,
    busy: false,
    error: null,
    load: async () => {
      try {
        await reload();
        const { cells, selectedId } = get();
        const keep = selectedId !== null && cells.some((cell) => cell.id === selectedId);
        const first = keep ? selectedId : (cells.find((cell) => cell.mine === null) ?? cells[0])?.id;
        if (first) await get().select(first);
      } catch (error) {
        set({ error: errorMessage(error) });
      }
    },
    draw: async (input) => {
      set({ busy: true });
      try {
        const round = await api.drawAuditSample(input);
        notify(
          `Round ${round.round} drawn (seed ${round.seed}): ${round.drawn.disputed + round.drawn.undisputed} cells to audit.`,
          'success',
        );
        set({ selectedId: null });
        await get().load();
        return true;
      } catch (error) {
        notify(errorMessage(error), 'error');
        return false;
      } finally {
        set({ busy: false });
      }
    },
    propose: async (input) => {
      try {
        set({ proposal: await api.proposeAuditSizes(input) });
      } catch (error) {
        notify(errorMessage(error), 'error');
      }
    },
    select: async (id) => {
      if (get().selectedId !== id) set({ selectedId: id, draft: { ...EMPTY_DRAFT, cellId: id } });
      await loadDetail(id);
    },
    move: (delta) => {
      const { cells, selectedId } = get();
      if (cells.length === 0) return;
      const at = cells.findIndex((cell) => cell.id === selectedId);
      const next = cells[Math.min(cells.length - 1, Math.max(0, at + delta))];
      if (next) void get().select(next.id);
    },
    choose: (index) => {
      const verdict = AUDIT_VERDICTS[index];
      const { draft, selectedId } = get();
      if (!verdict || selectedId === null) return;
      set({ draft: { ...draft, cellId: selectedId, verdict } });
    },
    setDraft: (patch) => set({ draft: { ...get().draft, ...patch } }),
    reveal: async () => {
      const { selectedId } = get();
      if (selectedId !== null) await loadDetail(selectedId, true);
    },
    save: async () => {
      const { draft, selectedId, busy } = get();
      if (busy || selectedId === null) return;
      if (draft.verdict === null) {
        notify('Choose a verdict first: 1 correct, 2 incorrect, 3 unsure.', 'info');
        return;
      }
      const evidence = [...draft.evidence, ...(draft.evidenceInput.trim() ? [draft.evidenceInput.trim()] : [])];
      set({ busy: true });
      try {
        const cell = await api.ruleAuditCell({
          id: selectedId,
          verdict: draft.verdict,
          rationale: draft.rationale.trim() || null,
          evidence,
        });
        notify(
          `Verdict saved: ${cell.mine ?? draft.verdict}${cell.dispute_id ? ` · dispute ${cell.dispute_id} raised for the fix` : ''}.`,
          'success',
        );
        await refreshAfterVerdict();
        const { cells } = get();
        const at = cells.findIndex((c) => c.id === selectedId);
        // The next cell without a verdict of mine, after this one (else before it); this one when none is left.
        const next =
          [...cells.slice(at + 1), ...cells.slice(0, Math.max(0, at))].find((c) => c.mine === null) ?? cells[at];
        set({ selectedId: null });
        if (next) await get().select(next.id);
        // Saved from the rationale or a button of the card: the keys go back to the page for the next cell.
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && focused.closest('.audit-cell')) focused.blur();
      } catch (error) {
        notify(errorMessage(error), 'error');
      } finally {
        set({ busy: false });
      }
    },
  };
});
