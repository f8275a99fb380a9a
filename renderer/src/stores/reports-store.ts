// GitHub reports: the list (with the "unlinked only" filter and a search), the
// selected report with what it was linked to, the engineer's fixes and links,
// the reply draft, the GitHub token's whereabouts, and the import job.
// Anything that can create or drop disputes tells onReportsChanged listeners,
// so the queue, counts and panel follow (wired in app/useStartup).
import { create } from 'zustand';
import type { DisputeDetail, JobStatus } from '../../../shared/api-types';
import type { GitHubTokenState, PostReplyResult, ReplyDraft, ReportImportResult } from '../../../shared/report-types';
import type { ReportListItem, ReportOverride, ReportView } from '../../../shared/report-parse';
import { api, errorMessage } from '../api/client';
import { jobFailure, pollJob } from '../lib/jobs';
import { filterReports, reportKey, stepSelection } from '../lib/reports';
import { cancelRunningJob } from './cancel-job';
import { notify } from './ui-store';

/** A task's gold rows and columns, for the row and column pickers. */
export interface TaskCatalogue {
  taskId: string;
  rows: DisputeDetail['task_rows'];
  /** Gradable columns (the entity column excluded). */
  columns: string[];
}

export type CatalogueEntry = TaskCatalogue | 'loading' | 'unavailable';

export interface ReplyState {
  key: string;
  revision: string;
  draft: ReplyDraft | null;
  /** The text to copy or post: the draft, as the engineer edited it. */
  text: string;
  loading: boolean;
  error: string | null;
}

export type ImportSource = 'files' | 'repo';

interface ReportsState {
  items: ReportListItem[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
  unlinkedOnly: boolean;
  query: string;
  selected: string | null;
  /** The selected report in full (body, links, parse); null while unlinked (the API serves bodies through disputes). */
  view: ReportView | null;
  /** The dispute the selected report is attached to. */
  dispute: DisputeDetail | null;
  detailLoading: boolean;
  detailError: string | null;
  catalogues: Record<string, CatalogueEntry>;
  /** A write (fix, link, post) in flight. */
  busy: boolean;
  reply: ReplyState | null;
  posted: PostReplyResult | null;
  token: GitHubTokenState | null;
  importSource: ImportSource;
  importPaths: string;
  importRepo: string;
  importLabel: string;
  importJob: JobStatus | null;
  /** Between a click on Import and the service's answer: a second click must not start a second job. */
  importStarting: boolean;
  importResult: ReportImportResult | null;
  importError: string | null;
  /** The latest report detail asked for: an answer to an earlier one is ignored. */
  latestDetail: number;

  refresh: () => Promise<void>;
  /** Loads once; later calls do nothing (the view calls it on open). */
  ensureLoaded: () => Promise<void>;
  setUnlinkedOnly: (on: boolean) => void;
  setQuery: (query: string) => void;
  select: (key: string | null) => Promise<void>;
  move: (delta: number) => void;
  loadCatalogue: (taskId: string) => Promise<void>;
  saveFields: (fields: ReportOverride, replace?: boolean) => Promise<boolean>;
  /** `name`: how the toast names the dispute (task, entity, column) instead of its id. */
  link: (disputeId: string | null, name?: string) => Promise<boolean>;
  setReply: (patch: Partial<Pick<ReplyState, 'revision' | 'text'>>) => void;
  draftReply: () => Promise<void>;
  postReply: (close: boolean) => Promise<boolean>;
  loadToken: () => Promise<void>;
  setToken: (token: string | null) => Promise<boolean>;
  setImport: (
    patch: Partial<Pick<ReportsState, 'importSource' | 'importPaths' | 'importRepo' | 'importLabel'>>,
  ) => void;
  addImportPaths: (paths: string[]) => void;
  startImport: () => Promise<void>;
  cancelImport: () => Promise<void>;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after anything here changed disputes (an import, a fix, a link). */
export function onReportsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function splitPaths(text: string): string[] {
  return text
    .split('\n')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

function catalogueOf(detail: DisputeDetail): TaskCatalogue {
  return {
    taskId: detail.dispute.task_id,
    rows: detail.task_rows,
    columns: detail.columns
      .filter((c) => c.name !== detail.entity_column && c.rule.type !== 'entity')
      .map((c) => c.name),
  };
}

export const useReportsStore = create<ReportsState>()((set, get) => {
  function selectedItem(): ReportListItem | null {
    const key = get().selected;
    return key == null ? null : (get().items.find((item) => reportKey(item) === key) ?? null);
  }

  function ref(item: ReportListItem): { number: number; repo: string } {
    return { number: item.number, repo: item.repo };
  }

  /** The selected report's detail: through its dispute when linked, else the report alone and its task's catalogue. */
  async function loadDetail(): Promise<void> {
    const request = get().latestDetail + 1;
    set({ latestDetail: request });
    const item = selectedItem();
    if (!item) {
      set({ view: null, dispute: null, detailLoading: false, detailError: null });
      return;
    }
    set({ detailLoading: true, detailError: null });
    try {
      if (item.dispute_id != null) {
        const dispute = await api.getDispute({ id: item.dispute_id });
        if (request !== get().latestDetail) return;
        const view = dispute.reports.find((r) => r.number === item.number && r.repo === item.repo) ?? null;
        set({
          view,
          dispute,
          detailLoading: false,
          catalogues: { ...get().catalogues, [dispute.dispute.task_id]: catalogueOf(dispute) },
        });
      } else {
        const view = await api.getReport(ref(item));
        if (request !== get().latestDetail) return;
        set({ view, dispute: null, detailLoading: false });
        if (item.task_id != null) await get().loadCatalogue(item.task_id);
      }
    } catch (error) {
      if (request === get().latestDetail) set({ detailLoading: false, detailError: errorMessage(error) });
    }
  }

  async function afterWrite(updated: ReportListItem): Promise<void> {
    const items = get().items.map((item) => (reportKey(item) === reportKey(updated) ? updated : item));
    set({ items });
    changed();
    await loadDetail();
  }

  return {
    latestDetail: 0,
    items: [],
    loaded: false,
    loading: false,
    error: null,
    unlinkedOnly: false,
    query: '',
    selected: null,
    view: null,
    dispute: null,
    detailLoading: false,
    detailError: null,
    catalogues: {},
    busy: false,
    reply: null,
    posted: null,
    token: null,
    importSource: 'files',
    importPaths: '',
    importRepo: '',
    importLabel: '',
    importJob: null,
    importStarting: false,
    importResult: null,
    importError: null,

    refresh: async () => {
      set({ loading: true });
      try {
        const items = await api.listReports({});
        const keys = new Set(items.map(reportKey));
        const selected = get().selected;
        const keep = selected != null && keys.has(selected) ? selected : null;
        set({ items, loaded: true, loading: false, error: null, selected: keep });
        if (keep == null) {
          const first = filterReports(items, { unlinkedOnly: get().unlinkedOnly, query: get().query })[0];
          await get().select(first ? reportKey(first) : null);
        } else {
          await loadDetail();
        }
      } catch (error) {
        set({ loading: false, error: errorMessage(error) });
      }
    },
    ensureLoaded: async () => {
      if (get().loaded || get().loading) return;
      await get().refresh();
    },
    setUnlinkedOnly: (unlinkedOnly) => set({ unlinkedOnly }),
    setQuery: (query) => set({ query }),
    select: async (key) => {
      if (key === get().selected && (get().view != null || get().dispute != null || key == null)) return;
      const reply = get().reply;
      set({ selected: key, view: null, dispute: null, posted: null, reply: reply && reply.key === key ? reply : null });
      await loadDetail();
    },
    move: (delta) => {
      const { items, unlinkedOnly, query, selected } = get();
      const keys = filterReports(items, { unlinkedOnly, query }).map(reportKey);
      const next = stepSelection(keys, selected, delta);
      if (next !== selected) void get().select(next);
    },
    loadCatalogue: async (taskId) => {
      const known = get().catalogues[taskId];
      if (known != null && known !== 'unavailable') return;
      set({ catalogues: { ...get().catalogues, [taskId]: 'loading' } });
      try {
        // Any dispute of the task carries its gold rows and columns.
        const listing = await api.listDisputes({ filter: { task: taskId }, limit: 1 });
        const first = listing.rows[0];
        const entry: CatalogueEntry = first ? catalogueOf(await api.getDispute({ id: first.id })) : 'unavailable';
        set({ catalogues: { ...get().catalogues, [taskId]: entry } });
      } catch {
        set({ catalogues: { ...get().catalogues, [taskId]: 'unavailable' } });
      }
    },
    saveFields: async (fields, replace = false) => {
      const item = selectedItem();
      if (!item) return false;
      set({ busy: true });
      try {
        const updated = await api.overrideReport({ ...ref(item), fields, ...(replace ? { replace } : {}) });
        set({ busy: false });
        notify(
          replace && Object.keys(fields).length === 0
            ? `#${item.number}: back to what the parser found.`
            : `#${item.number}: fixes saved${updated.dispute_id ? '; linked' : '; still unlinked'}.`,
          'success',
        );
        await afterWrite(updated);
        return true;
      } catch (error) {
        set({ busy: false });
        notify(`Not saved: ${errorMessage(error)}`, 'error');
        return false;
      }
    },
    link: async (disputeId, name) => {
      const item = selectedItem();
      if (!item) return false;
      set({ busy: true });
      try {
        const updated = await api.linkReport({ ...ref(item), disputeId });
        set({ busy: false });
        notify(
          disputeId == null
            ? `#${item.number}: linked automatically again.`
            : `#${item.number} linked to ${name ?? disputeId}.`,
          'success',
        );
        await afterWrite(updated);
        return true;
      } catch (error) {
        set({ busy: false });
        notify(`Not linked: ${errorMessage(error)}`, 'error');
        return false;
      }
    },
    setReply: (patch) => {
      const key = get().selected;
      if (key == null) return;
      const current = get().reply;
      const base: ReplyState =
        current && current.key === key
          ? current
          : { key, revision: '', draft: null, text: '', loading: false, error: null };
      set({ reply: { ...base, ...patch } });
    },
    draftReply: async () => {
      const item = selectedItem();
      if (!item) return;
      const key = reportKey(item);
      const current = get().reply;
      const revision = current && current.key === key ? current.revision.trim() : '';
      set({
        reply: {
          key,
          revision,
          draft: current?.key === key ? current.draft : null,
          text: current?.key === key ? current.text : '',
          loading: true,
          error: null,
        },
        posted: null,
      });
      try {
        const draft = await api.draftReply({ ...ref(item), ...(revision ? { revision } : {}) });
        if (get().selected !== key) return;
        set({ reply: { key, revision, draft, text: draft.text, loading: false, error: null } });
      } catch (error) {
        if (get().selected !== key) return;
        set({ reply: { key, revision, draft: null, text: '', loading: false, error: errorMessage(error) } });
      }
    },
    postReply: async (close) => {
      const item = selectedItem();
      const reply = get().reply;
      if (!item || !reply || reply.key !== reportKey(item) || reply.text.trim() === '') return false;
      set({ busy: true });
      try {
        const posted = await api.postReply({
          ...ref(item),
          confirm: true,
          body: reply.text,
          close,
          ...(reply.revision.trim() ? { revision: reply.revision.trim() } : {}),
        });
        set({ busy: false, posted });
        notify(`Reply posted to #${item.number}${posted.closed ? ' and the issue closed' : ''}.`, 'success');
        await get().refresh();
        return true;
      } catch (error) {
        set({ busy: false });
        notify(`Not posted: ${errorMessage(error)}`, 'error');
        return false;
      }
    },
    loadToken: async () => {
      try {
        set({ token: await api.getGitHubToken({}) });
      } catch (error) {
        notify(`Could not read the GitHub token state: ${errorMessage(error)}`, 'error');
      }
    },
    setToken: async (token) => {
      try {
        const state = await api.setGitHubToken({ token });
        set({ token: state });
        notify(
          token == null
            ? 'GitHub token forgotten.'
            : `GitHub token saved ${state.source === 'keychain' ? 'in the OS keychain' : 'for this session'}.`,
          'success',
        );
        return true;
      } catch (error) {
        notify(`Token not saved: ${errorMessage(error)}`, 'error');
        return false;
      }
    },
    setImport: (patch) => set(patch),
    addImportPaths: (paths) => {
      const existing = splitPaths(get().importPaths);
      set({
        importSource: 'files',
        importPaths: [...existing, ...paths.filter((p) => !existing.includes(p))].join('\n'),
      });
    },
    startImport: async () => {
      if (get().importStarting || get().importJob?.state === 'running') return;
      const { importSource, importPaths, importRepo, importLabel } = get();
      const input =
        importSource === 'files'
          ? { paths: splitPaths(importPaths) }
          : { repo: importRepo.trim(), ...(importLabel.trim() ? { label: importLabel.trim() } : {}) };
      set({ importResult: null, importError: null, importStarting: true });
      try {
        const { jobId } = await api.importReports(input).finally(() => set({ importStarting: false }));
        set({ importJob: { id: jobId, kind: 'reports', state: 'running', done: 0, total: 0, message: 'Starting…' } });
        const job = await pollJob(
          (i) => api.getJob(i),
          jobId,
          (status) => set({ importJob: status }),
        );
        if (job.state === 'done') {
          set({ importResult: job.reports ?? null, importPaths: importSource === 'files' ? '' : get().importPaths });
          notify(
            `Reports imported: ${job.reports?.added ?? 0} added, ${job.reports?.updated ?? 0} updated.`,
            'success',
          );
          changed();
          await get().refresh();
        } else if (job.state === 'cancelled') {
          set({ importError: 'Cancelled: the store is unchanged.' });
        } else {
          set({ importError: jobFailure(job) });
        }
      } catch (error) {
        set({ importJob: null, importError: errorMessage(error) });
      }
    },
    cancelImport: () => cancelRunningJob(get().importJob, (importJob) => set({ importJob })),
  };
});
