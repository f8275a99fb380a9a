// Releasing a revision, from the Export view: export the patch, preview every
// system's scores, review its operations, apply it to the dataset (a job with
// progress and cancel), and the store's revision history. One patch path is
// shared by preview, review and apply; exporting sets it.
import { create } from 'zustand';
import type { ExportResult, JobStatus } from '../../../shared/api-types';
import type { ApplyResult, PatchReview, RescoreResult, RevisionRecord } from '../../../shared/revision-types';
import { api, errorMessage } from '../api/client';
import { jobFailure, pollJob } from '../lib/jobs';
import { pageStorage, rememberedPaths, rememberPaths, type ReleasePaths } from '../lib/release-paths';
import type { OperationFilter } from '../lib/release';
import { cancelRunningJob } from './cancel-job';
import { useInfoStore } from './info-store';
import { notify } from './ui-store';

export type ReleaseSection = 'export' | 'preview' | 'review' | 'apply' | 'history' | 'logs';

interface Loadable<T> {
  /** The patch the result is for. */
  path: string | null;
  result: T | null;
  loading: boolean;
  error: string | null;
}

const idle = <T>(): Loadable<T> => ({ path: null, result: null, loading: false, error: null });

export interface ExportForm {
  revision: string;
  baseRevision: string;
  out: string;
  plaintext: boolean;
}

export interface ApplyForm {
  out: string;
  changelog: string;
  plaintext: boolean;
}

interface ReleaseState {
  section: ReleaseSection;
  /** Export's base dataset and apply's input: the same file in practice. */
  dataset: string;
  patchPath: string;
  /** The revision the patch at patchPath was exported as, when known (it names the revised dataset). */
  patchRevision: string;
  exportForm: ExportForm | null;
  exporting: boolean;
  /** The running (or last) export job. */
  exportJob: JobStatus | null;
  exported: ExportResult | null;
  exportError: string | null;
  preview: Loadable<RescoreResult>;
  /** The running (or last) score preview job: progress over tasks, and cancel. */
  previewJob: JobStatus | null;
  review: Loadable<PatchReview>;
  reviewFilter: OperationFilter;
  applyForm: ApplyForm;
  applyJob: JobStatus | null;
  /** From a click on Apply patch until its job runs (or is refused): a second click starts nothing. */
  applyStarting: boolean;
  applied: ApplyResult | null;
  applyError: string | null;
  /** Outputs that exist and would be replaced: the engineer confirms before the apply starts. */
  applyReplaces: string[] | null;
  revisions: Loadable<RevisionRecord[]>;

  setSection: (section: ReleaseSection) => void;
  setDataset: (dataset: string) => void;
  setPatchPath: (path: string) => void;
  setExportForm: (form: ExportForm) => void;
  runExport: () => Promise<void>;
  cancelExport: () => Promise<void>;
  runPreview: (path?: string) => Promise<void>;
  cancelPreview: () => Promise<void>;
  runReview: (path?: string) => Promise<void>;
  setReviewFilter: (patch: Partial<OperationFilter>) => void;
  setApplyForm: (patch: Partial<ApplyForm>) => void;
  /** `replace`: the engineer has confirmed replacing the outputs that exist. */
  startApply: (replace?: boolean) => Promise<void>;
  keepExistingOutputs: () => void;
  cancelApply: () => Promise<void>;
  loadRevisions: () => Promise<void>;
}

let latestPreview = 0;
let latestReview = 0;

/** Kept for this store, so the next session's Apply starts filled in (lib/release-paths.ts). */
function remember(paths: Partial<ReleasePaths>): void {
  rememberPaths(pageStorage(), useInfoStore.getState().info?.store_path ?? '', paths);
}

export const useReleaseStore = create<ReleaseState>()((set, get) => ({
  section: 'export',
  dataset: '',
  patchPath: '',
  patchRevision: '',
  exportForm: null,
  exporting: false,
  exportJob: null,
  exported: null,
  exportError: null,
  preview: idle(),
  previewJob: null,
  review: idle(),
  reviewFilter: { task: '', op: '', text: '' },
  applyForm: { out: '', changelog: '', plaintext: false },
  applyJob: null,
  applyStarting: false,
  applied: null,
  applyError: null,
  applyReplaces: null,
  revisions: idle(),

  setSection: (section) => set({ section }),
  setDataset: (dataset) => {
    set({ dataset });
    remember({ dataset });
  },
  setPatchPath: (patchPath) => {
    // A patch given by hand: which revision it is, only its file knows.
    set({ patchPath, patchRevision: '' });
    remember({ patchPath, revision: '' });
  },
  setExportForm: (exportForm) => set({ exportForm }),

  runExport: async () => {
    const form = get().exportForm;
    if (!form || get().exporting) return;
    const dataset = get().dataset.trim();
    set({ exporting: true, exportError: null, exported: null });
    try {
      // A job: progress by step, and cancel until the revision is recorded.
      const { jobId } = await api.startExport({
        revision: form.revision.trim(),
        out: form.out.trim(),
        ...(form.baseRevision.trim() ? { baseRevision: form.baseRevision.trim() } : {}),
        ...(dataset ? { dataset } : {}),
        plaintext: form.plaintext,
      });
      const job = await pollJob((i) => api.getJob(i), jobId, (status) => set({ exportJob: status }));
      if (job.state !== 'done' || !job.export) {
        set({ exporting: false, exportError: jobFailure(job) });
        return;
      }
      const result = job.export;
      set({ exporting: false, exported: result, patchPath: result.path, patchRevision: result.revision, section: 'preview' });
      remember({ patchPath: result.path, revision: result.revision, ...(dataset ? { dataset } : {}) });
      notify(`Patch ${result.revision} written: ${result.operations} operation${result.operations === 1 ? '' : 's'}.`, 'success');
      // What the patch does to every system's scores, straight away; the review and history are ready too.
      void get().runReview(result.path);
      void get().loadRevisions();
      await get().runPreview(result.path);
    } catch (error) {
      set({ exporting: false, exportError: errorMessage(error) });
    }
  },

  runPreview: async (path) => {
    const patch = (path ?? get().patchPath).trim();
    if (patch === '') return;
    const request = ++latestPreview;
    set({ preview: { ...get().preview, path: patch, loading: true, error: null } });
    try {
      // A job (about two seconds at full scale): progress over tasks, and cancel. Another job
      // running (an import) refuses it with a message, shown like any error.
      const { jobId } = await api.startRescore({ patch });
      const job = await pollJob((i) => api.getJob(i), jobId, (status) => {
        if (request === latestPreview) set({ previewJob: status });
      });
      if (request !== latestPreview) return;
      if (job.state === 'done' && job.rescore) set({ preview: { path: patch, result: job.rescore, loading: false, error: null } });
      // Cancelled: the previous result (if any) stays, marked as being for its own patch.
      else if (job.state === 'cancelled') set({ preview: { ...get().preview, loading: false } });
      else set({ preview: { path: patch, result: null, loading: false, error: jobFailure(job) } });
    } catch (error) {
      if (request === latestPreview) set({ preview: { path: patch, result: null, loading: false, error: errorMessage(error) } });
    }
  },

  cancelExport: () => cancelRunningJob(get().exportJob, (exportJob) => set({ exportJob })),
  cancelPreview: () => cancelRunningJob(get().previewJob, (previewJob) => set({ previewJob })),

  runReview: async (path) => {
    const patch = (path ?? get().patchPath).trim();
    if (patch === '') return;
    const request = ++latestReview;
    set({ review: { ...get().review, path: patch, loading: true, error: null } });
    try {
      const result = await api.reviewPatch({ patch });
      if (request === latestReview) set({ review: { path: patch, result, loading: false, error: null } });
    } catch (error) {
      if (request === latestReview) set({ review: { path: patch, result: null, loading: false, error: errorMessage(error) } });
    }
  },

  setReviewFilter: (patch) => set({ reviewFilter: { ...get().reviewFilter, ...patch } }),
  setApplyForm: (patch) => set({ applyForm: { ...get().applyForm, ...patch } }),

  startApply: async (replace = false) => {
    if (get().applyStarting || get().applyJob?.state === 'running') return;
    const { dataset, patchPath, applyForm } = get();
    set({ applied: null, applyError: null, applyReplaces: null, applyStarting: true });
    const out = applyForm.out.trim();
    const changelog = applyForm.changelog.trim();
    try {
      if (!replace) {
        // A CHANGELOG.md beside the output may be a repository's own: ask before replacing anything.
        const existing = await api.existingFiles({ paths: changelog ? [out, changelog] : [out] });
        if (existing.length > 0) {
          set({ applyReplaces: existing, applyStarting: false });
          return;
        }
      }
      const { jobId } = await api.applyPatch({
        dataset: dataset.trim(),
        patch: patchPath.trim(),
        out,
        ...(changelog ? { changelog } : {}),
        plaintext: applyForm.plaintext,
        overwrite: replace,
      });
      set({ applyStarting: false, applyJob: { id: jobId, kind: 'apply', state: 'running', done: 0, total: 0, message: 'starting' } });
      const job = await pollJob((i) => api.getJob(i), jobId, (status) => set({ applyJob: status }));
      if (job.state === 'done' && job.apply) {
        set({ applied: job.apply });
        notify(`Revised dataset ${job.apply.revision} written.`, 'success');
        void get().loadRevisions();
      } else if (job.state === 'cancelled') {
        set({ applyError: job.error ?? 'Cancelled: no output was written.' });
      } else {
        set({ applyError: jobFailure(job) });
      }
    } catch (error) {
      set({ applyStarting: false, applyJob: null, applyError: errorMessage(error) });
    }
  },

  keepExistingOutputs: () => set({ applyReplaces: null }),
  cancelApply: () => cancelRunningJob(get().applyJob, (applyJob) => set({ applyJob })),

  loadRevisions: async () => {
    set({ revisions: { ...get().revisions, loading: true } });
    try {
      set({ revisions: { path: null, result: await api.listRevisions({}), loading: false, error: null } });
    } catch (error) {
      set({ revisions: { ...get().revisions, loading: false, error: errorMessage(error) } });
    }
  },
}));

// Opened on a store, the paths remembered for it fill the fields still empty;
// the dataset falls back on the one the store was imported from.
let restoredFor: string | null = null;
function restorePaths(storePath: string | undefined, importedDataset: string | null | undefined): void {
  if (!storePath || storePath === restoredFor) return;
  restoredFor = storePath;
  const paths = rememberedPaths(pageStorage(), storePath);
  const state = useReleaseStore.getState();
  useReleaseStore.setState({
    dataset: state.dataset || (paths.dataset ?? importedDataset ?? ''),
    ...(state.patchPath === '' && paths.patchPath ? { patchPath: paths.patchPath, patchRevision: paths.revision ?? '' } : {}),
  });
}
restorePaths(useInfoStore.getState().info?.store_path, useInfoStore.getState().info?.dataset_path);
useInfoStore.subscribe((state) => {
  restorePaths(state.info?.store_path, state.info?.dataset_path);
  // A store that was empty at launch gets its dataset from the first import (the demo's included).
  const imported = state.info?.dataset_path;
  if (imported && useReleaseStore.getState().dataset === '') useReleaseStore.setState({ dataset: imported });
});
