// Releasing a revision, from the Export view: export the patch, preview every
// system's scores, review its operations, apply it to the dataset (a job with
// progress and cancel), import the revised dataset as the new base, and the
// store's revision history. One patch path is shared by preview, review and
// apply; exporting sets it, and a reopened desk starts on the latest one it
// can find (features/release/release-defaults.ts).
import { create } from 'zustand';
import type { ExportResult, JobStatus, StoreInfo } from '../../../shared/api-types';
import type { ApplyResult, PatchReview, RescoreResult, RevisionRecord } from '../../../shared/revision-types';
import { refusedAs } from '../../../shared/api-errors';
import { api, errorMessage } from '../api/client';
import { jobFailure, pollJob } from '../lib/jobs';
import { pageStorage, rememberedPaths, rememberPaths, type ReleasePaths } from '../features/release/release-paths';
import { siblingPath, type OperationFilter } from '../features/release/release-data';
import {
  choosePatch,
  defaultPatchPath,
  defaultRevisedPath,
  exportedNotice,
  nextFreeTag,
  patchCandidates,
  type PatchCheck,
} from '../features/release/release-defaults';
import { cancelRunningJob } from './cancel-job';
import { onJobFinished, selectJobRunning, useImportStore } from './import-store';
import { useInfoStore } from './info-store';
import { notify, useUiStore } from './ui-store';

export type ReleaseSection = 'export' | 'preview' | 'review' | 'apply' | 'history' | 'logs';

interface Loadable<T> {
  /** The patch the result is for; null for none yet, or a dry run on the settled rulings (the result says which). */
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

/** What the engineer typed into Apply; null follows the default (the revised dataset beside the base, the changelog beside it). */
export interface ApplyEdits {
  out: string | null;
  changelog: string | null;
  plaintext: boolean;
}

/** What the desk holds; reset() returns it to this as never opened. */
export interface ReleaseDesk {
  section: ReleaseSection;
  /** Export's base dataset and apply's input: the same file in practice. */
  dataset: string;
  patchPath: string;
  /** The revision the patch at patchPath is for, when known (it names the revised dataset). */
  patchRevision: string;
  /** The patch at patchPath read (to learn its revision), or why it cannot be. */
  patchCheck: PatchCheck | null;
  /** The fields of the export form the engineer changed; the others follow the store (exportFormOf). */
  exportEdits: Partial<ExportForm>;
  exporting: boolean;
  /** The running (or last) export job. */
  exportJob: JobStatus | null;
  exported: ExportResult | null;
  exportError: string | null;
  /** The output file exists and is no patch for this tag: the engineer is asked before it is replaced. */
  exportReplaces: string | null;
  preview: Loadable<RescoreResult>;
  /** The running (or last) score preview job: progress over tasks, and cancel. */
  previewJob: JobStatus | null;
  review: Loadable<PatchReview>;
  reviewFilter: OperationFilter;
  applyForm: ApplyEdits;
  applyJob: JobStatus | null;
  /** From a click on Apply patch until its job runs (or is refused): a second click starts nothing. */
  applyStarting: boolean;
  applied: ApplyResult | null;
  applyError: string | null;
  /** Outputs that exist and would be replaced: the engineer confirms before the apply starts. */
  applyReplaces: string[] | null;
  revisions: Loadable<RevisionRecord[]>;
  /** The read of a patch typed by hand, due once typing pauses (setPatchPath). */
  identifyTimer: ReturnType<typeof setTimeout> | null;
  /** The store whose remembered paths filled the desk in: each store's are restored once. */
  restoredFor: string | null;
}

export interface ReleaseState extends ReleaseDesk {
  /** The latest request of each kind: an answer to an earlier one is ignored. */
  latest: { preview: number; review: number; check: number };

  setSection: (section: ReleaseSection) => void;
  setDataset: (dataset: string) => void;
  setPatchPath: (path: string) => void;
  /** Reads the patch for its revision; setPatchPath calls it once typing pauses. */
  identifyPatch: (path?: string) => Promise<void>;
  setExportForm: (patch: Partial<ExportForm>) => void;
  /** `replace`: the engineer said an existing file that is no patch for this tag may be replaced. */
  runExport: (replace?: boolean) => Promise<void>;
  keepExistingExport: () => void;
  cancelExport: () => Promise<void>;
  runPreview: (path?: string) => Promise<void>;
  /** The preview as a dry run: the settled rulings an export would write now, no file and no tag. */
  runDraftPreview: () => Promise<void>;
  cancelPreview: () => Promise<void>;
  runReview: (path?: string) => Promise<void>;
  /** The review as a dry run, likewise. */
  runDraftReview: () => Promise<void>;
  setReviewFilter: (patch: Partial<OperationFilter>) => void;
  setApplyForm: (patch: Partial<ApplyEdits>) => void;
  /** `replace`: the engineer has confirmed replacing the outputs that exist. */
  startApply: (replace?: boolean) => Promise<void>;
  keepExistingOutputs: () => void;
  cancelApply: () => Promise<void>;
  /** The revised dataset just written, imported into the store as its new base: the Import dialog's job, progress and report. */
  importAsBase: () => Promise<void>;
  loadRevisions: () => Promise<void>;
  /** The desk as never opened: nothing typed, read or restored, and answers still on their way ignored. */
  reset: () => void;
}

/** The export form as shown: the next free tag, the store's revision as base, the patch beside the base dataset (or the store). */
export function exportFormOf(
  state: Pick<ReleaseState, 'exportEdits' | 'dataset' | 'revisions'>,
  info: StoreInfo | null,
): ExportForm {
  const edits = state.exportEdits;
  const revision = edits.revision ?? nextFreeTag(info?.revision ?? null, state.revisions.result ?? []);
  const anchor = state.dataset.trim() || info?.store_path || '';
  return {
    revision,
    baseRevision: edits.baseRevision ?? info?.revision ?? '',
    out: edits.out ?? (anchor !== '' ? defaultPatchPath(anchor, revision) : ''),
    plaintext: edits.plaintext ?? false,
  };
}

/** The apply form as shown: the revised dataset beside the base, named with the patch's revision; CHANGELOG.md beside it. */
export function applyFormOf(state: Pick<ReleaseState, 'applyForm' | 'dataset' | 'patchRevision'>): ApplyForm {
  const out = state.applyForm.out ?? defaultRevisedPath(state.dataset, state.patchRevision);
  const changelog = state.applyForm.changelog ?? (out.trim() !== '' ? siblingPath(out.trim(), 'CHANGELOG.md') : '');
  return { out, changelog, plaintext: state.applyForm.plaintext };
}

/** How long typing in the patch field pauses before the file is read. */
export const IDENTIFY_DELAY_MS = 300;

type RequestKind = keyof ReleaseState['latest'];

/** Starts a request of this kind: from now on, answers to the earlier ones are ignored. */
function nextRequest(kind: RequestKind): number {
  const latest = useReleaseStore.getState().latest;
  const request = latest[kind] + 1;
  useReleaseStore.setState({ latest: { ...latest, [kind]: request } });
  return request;
}

const isLatest = (kind: RequestKind, request: number): boolean => useReleaseStore.getState().latest[kind] === request;

/** The patch read due or on its way is no longer wanted: the patch field changed. */
function dropPatchRead(): void {
  const timer = useReleaseStore.getState().identifyTimer;
  if (timer != null) clearTimeout(timer);
  useReleaseStore.setState({ identifyTimer: null });
  nextRequest('check');
}

/** Kept for this store, so the next session's Apply starts filled in (features/release/release-paths.ts). */
function remember(paths: Partial<ReleasePaths>): void {
  rememberPaths(pageStorage(), useInfoStore.getState().info?.store_path ?? '', paths);
}

/**
 * Scores every run before and after a patch file, or (null) the settled
 * rulings not exported yet as a dry run: a job with progress and cancel.
 */
async function preview(patch: string | null): Promise<void> {
  const { getState: get, setState: set } = useReleaseStore;
  const request = nextRequest('preview');
  set({ preview: { ...get().preview, path: patch, loading: true, error: null } });
  try {
    // A job (about two seconds at full scale): progress over tasks, and cancel. Another job
    // running (an import) refuses it with a message, shown like any error.
    const { jobId } = await api.rescore(patch === null ? {} : { patch });
    const job = await pollJob(
      (i) => api.getJob(i),
      jobId,
      (status) => {
        if (isLatest('preview', request)) set({ previewJob: status });
      },
    );
    if (!isLatest('preview', request)) return;
    if (job.state === 'done' && job.rescore)
      set({ preview: { path: patch, result: job.rescore, loading: false, error: null } });
    // Cancelled: the previous result (if any) stays, marked as being for its own patch.
    else if (job.state === 'cancelled') set({ preview: { ...get().preview, loading: false } });
    else set({ preview: { path: patch, result: null, loading: false, error: jobFailure(job) } });
  } catch (error) {
    if (isLatest('preview', request))
      set({ preview: { path: patch, result: null, loading: false, error: errorMessage(error) } });
  }
}

/** Every operation of a patch file decrypted, or (null) of the settled rulings not exported yet. */
async function review(patch: string | null): Promise<void> {
  const { getState: get, setState: set } = useReleaseStore;
  const request = nextRequest('review');
  set({ review: { ...get().review, path: patch, loading: true, error: null } });
  try {
    const result = await api.reviewPatch(patch === null ? {} : { patch });
    if (isLatest('review', request)) set({ review: { path: patch, result, loading: false, error: null } });
  } catch (error) {
    if (isLatest('review', request))
      set({ review: { path: patch, result: null, loading: false, error: errorMessage(error) } });
  }
}

/** What the desk shows and holds when it was never opened. */
const untouchedDesk = (): ReleaseDesk => ({
  section: 'export',
  dataset: '',
  patchPath: '',
  patchRevision: '',
  patchCheck: null,
  exportEdits: {},
  exporting: false,
  exportJob: null,
  exported: null,
  exportError: null,
  exportReplaces: null,
  preview: idle(),
  previewJob: null,
  review: idle(),
  reviewFilter: { task: '', op: '', text: '' },
  applyForm: { out: null, changelog: null, plaintext: false },
  applyJob: null,
  applyStarting: false,
  applied: null,
  applyError: null,
  applyReplaces: null,
  revisions: idle(),
  identifyTimer: null,
  restoredFor: null,
});

export const useReleaseStore = create<ReleaseState>()((set, get) => ({
  ...untouchedDesk(),
  latest: { preview: 0, review: 0, check: 0 },

  setSection: (section) => set({ section }),
  setDataset: (dataset) => {
    set({ dataset });
    remember({ dataset });
  },
  setPatchPath: (patchPath) => {
    // A patch given by hand: which revision it is, only its file knows (read once typing pauses).
    const exported = get().exported;
    const revision = exported != null && exported.path === patchPath.trim() ? exported.revision : '';
    const patch = patchPath.trim();
    set({
      patchPath,
      patchRevision: revision,
      patchCheck: patch === '' ? null : { path: patch, state: 'reading', error: null },
    });
    remember({ patchPath, revision });
    dropPatchRead();
    if (patch !== '') set({ identifyTimer: setTimeout(() => void get().identifyPatch(patch), IDENTIFY_DELAY_MS) });
  },
  identifyPatch: async (path) => {
    const patch = (path ?? get().patchPath).trim();
    if (patch === '') return;
    const request = nextRequest('check');
    set({ patchCheck: { path: patch, state: 'reading', error: null } });
    try {
      const review = await api.reviewPatch({ patch });
      if (!isLatest('check', request) || get().patchPath.trim() !== patch) return;
      // Only its revision is taken: the Review step reads the operations when asked.
      set({ patchCheck: { path: patch, state: 'ok', error: null }, patchRevision: review.revision });
      remember({ patchPath: patch, revision: review.revision });
    } catch (error) {
      if (isLatest('check', request)) set({ patchCheck: { path: patch, state: 'error', error: errorMessage(error) } });
    }
  },
  setExportForm: (patch) => set({ exportEdits: { ...get().exportEdits, ...patch } }),

  runExport: async (replace = false) => {
    if (get().exporting) return;
    const form = exportFormOf(get(), useInfoStore.getState().info);
    const dataset = get().dataset.trim();
    set({ exporting: true, exportError: null, exported: null, exportReplaces: null });
    try {
      // A job: progress by step, and cancel until the revision is recorded.
      const { jobId } = await api.exportPatch({
        revision: form.revision.trim(),
        out: form.out.trim(),
        ...(form.baseRevision.trim() ? { baseRevision: form.baseRevision.trim() } : {}),
        ...(dataset ? { dataset } : {}),
        plaintext: form.plaintext,
        overwrite: replace,
      });
      const job = await pollJob(
        (i) => api.getJob(i),
        jobId,
        (status) => set({ exportJob: status }),
      );
      if (job.state !== 'done' || !job.export) {
        set({ exporting: false, exportError: jobFailure(job) });
        return;
      }
      const result = job.export;
      dropPatchRead();
      set({
        exporting: false,
        exported: result,
        patchPath: result.path,
        patchRevision: result.revision,
        patchCheck: { path: result.path, state: 'ok', error: null },
        section: 'preview',
        // The next export starts on the next free tag (this one is in the history now).
        exportEdits: {},
      });
      remember({ patchPath: result.path, revision: result.revision, ...(dataset ? { dataset } : {}) });
      notify(exportedNotice(result), 'success');
      // What the patch does to every system's scores, straight away; the review and history are ready too.
      void get().runReview(result.path);
      void get().loadRevisions();
      await get().runPreview(result.path);
    } catch (error) {
      const message = errorMessage(error);
      // The service's refusal of an existing file of another kind (db/output-guard.ts): asked, not shown as a failure.
      if (!replace && refusedAs(error, 'OutputExistsError')) set({ exporting: false, exportReplaces: form.out.trim() });
      else set({ exporting: false, exportError: message });
    }
  },
  keepExistingExport: () => set({ exportReplaces: null }),

  runPreview: async (path) => {
    const patch = (path ?? get().patchPath).trim();
    if (patch === '') return;
    await preview(patch);
  },
  runDraftPreview: () => preview(null),

  cancelExport: () => cancelRunningJob(get().exportJob, (exportJob) => set({ exportJob })),
  cancelPreview: () => cancelRunningJob(get().previewJob, (previewJob) => set({ previewJob })),

  runReview: async (path) => {
    const patch = (path ?? get().patchPath).trim();
    if (patch === '') return;
    await review(patch);
  },
  runDraftReview: () => review(null),

  setReviewFilter: (patch) => set({ reviewFilter: { ...get().reviewFilter, ...patch } }),
  setApplyForm: (patch) => set({ applyForm: { ...get().applyForm, ...patch } }),

  startApply: async (replace = false) => {
    if (get().applyStarting || get().applyJob?.state === 'running') return;
    const { dataset, patchPath } = get();
    const applyForm = applyFormOf(get());
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
      set({
        applyStarting: false,
        applyJob: { id: jobId, kind: 'apply', state: 'running', done: 0, total: 0, message: 'starting' },
      });
      const job = await pollJob(
        (i) => api.getJob(i),
        jobId,
        (status) => set({ applyJob: status }),
      );
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

  importAsBase: async () => {
    const applied = get().applied;
    if (applied == null) return;
    const imports = useImportStore.getState();
    if (imports.starting || selectJobRunning(imports)) {
      notify('A job is already running.', 'error');
      return;
    }
    // The Import dialog shows the job's progress, Cancel, and its report (tasks skipped, disputes settled).
    useUiStore.getState().openOverlay('import');
    await imports.startImport([applied.out]);
    const { job, error } = useImportStore.getState();
    if (job?.state !== 'done' || error != null) return;
    // The new base is what the next export checksums and the next apply revises. The patch is spent: it was
    // made on the old base, and Apply's outputs were named for it.
    get().setDataset(applied.out);
    if (get().patchRevision === applied.revision) {
      dropPatchRead();
      set({ patchPath: '', patchRevision: '', patchCheck: null });
      remember({ patchPath: '', revision: '' });
    }
    set({ applyForm: { ...get().applyForm, out: null, changelog: null } });
  },

  loadRevisions: async () => {
    set({ revisions: { ...get().revisions, loading: true } });
    try {
      set({ revisions: { path: null, result: await api.listRevisions({}), loading: false, error: null } });
    } catch (error) {
      set({ revisions: { ...get().revisions, loading: false, error: errorMessage(error) } });
    }
  },

  reset: () => {
    dropPatchRead();
    const { latest } = get();
    set({
      ...untouchedDesk(),
      latest: { preview: latest.preview + 1, review: latest.review + 1, check: latest.check + 1 },
    });
  },
}));

// Opened on a store, the paths remembered for it fill the fields still empty;
// the dataset falls back on the one the store was imported from. The patch is
// then checked: the latest revision's (as remembered, as the history names it,
// or where Export writes it by default), as long as the file exists.
function restorePaths(info: StoreInfo | null | undefined): void {
  const storePath = info?.store_path;
  if (!storePath || storePath === useReleaseStore.getState().restoredFor) return;
  const paths = rememberedPaths(pageStorage(), storePath);
  const state = useReleaseStore.getState();
  useReleaseStore.setState({
    restoredFor: storePath,
    dataset: state.dataset || (paths.dataset ?? info?.dataset_path ?? ''),
    ...(state.patchPath === '' && paths.patchPath
      ? { patchPath: paths.patchPath, patchRevision: paths.revision ?? '' }
      : {}),
  });
  void findPatch(storePath, paths);
}

/** The patch a reopened desk starts on (see restorePaths); exported for tests. */
export async function findPatch(storePath: string, remembered: Partial<ReleasePaths>): Promise<void> {
  const store = useReleaseStore;
  await store.getState().loadRevisions();
  const records: RevisionRecord[] = store.getState().revisions.result ?? [];
  const info = useInfoStore.getState().info;
  const candidates = patchCandidates(remembered, records, [
    store.getState().dataset,
    info?.dataset_path,
    info?.store_path,
  ]);
  let existing: Set<string> | null = null;
  if (candidates.length > 0) {
    try {
      existing = new Set(await api.existingFiles({ paths: candidates.map((c) => c.path) }));
    } catch {
      existing = null;
    }
  }
  const now = store.getState();
  // Another store opened meanwhile, or the engineer (or an export) set a patch: theirs stands.
  if (storePath !== now.restoredFor || (now.patchPath !== '' && now.patchPath !== (remembered.patchPath ?? ''))) return;
  const chosen = choosePatch(candidates, existing);
  if (chosen == null) {
    // The remembered patch is gone and nothing else was found: an empty field says so better than a dead path.
    if (now.patchPath !== '' && existing != null) store.setState({ patchPath: '', patchRevision: '' });
    return;
  }
  if (chosen.path !== now.patchPath || chosen.revision !== now.patchRevision) {
    store.setState({ patchPath: chosen.path, patchRevision: chosen.revision });
    remember({ patchPath: chosen.path, revision: chosen.revision });
  }
  // Its revision names the revised dataset: read from the file when nothing else said it.
  if (chosen.revision === '') void store.getState().identifyPatch(chosen.path);
}

restorePaths(useInfoStore.getState().info);
useInfoStore.subscribe((state, previous) => {
  restorePaths(state.info);
  // A store that was empty at launch gets its dataset from the first import (the demo's included); a dataset
  // that followed the store's base follows a new one (a revised dataset imported as the new base).
  const imported = state.info?.dataset_path;
  const release = useReleaseStore.getState();
  if (
    imported &&
    imported !== previous.info?.dataset_path &&
    (release.dataset === '' || release.dataset === previous.info?.dataset_path)
  ) {
    release.setDataset(imported);
  }
});
// An import changes the history (imported, settled): reload it where it was shown.
onJobFinished((job) => {
  if (job.state === 'done' && useReleaseStore.getState().revisions.result != null)
    void useReleaseStore.getState().loadRevisions();
});
