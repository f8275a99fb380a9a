// What the release desk fills in by itself (features/release/release-defaults.ts)
// and how its store uses it: the next free tag, the patch a reopened desk
// starts on, the revised dataset named from a patch typed by hand, why Apply
// is not ready, the export's notice, and importing the revised dataset as the
// new base through the Import job.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdjudicatorApi } from '../../../shared/api';
import type { ExportResult, JobStatus, StoreInfo } from '../../../shared/api-types';
import type { ApplyResult, PatchReview, RevisionRecord } from '../../../shared/revision-types';
import {
  applyBlocker,
  choosePatch,
  defaultPatchPath,
  defaultRevisedPath,
  exportedNotice,
  latestRevision,
  nextFreeTag,
  patchCandidates,
} from '../../../renderer/src/features/release/release-defaults';
// The store imports the API client, which reads the preload's globals: their declaration comes into this program too.
import type {} from '../../../renderer/src/api/globals';

function record(tag: string, recorded_at: string, over: Partial<RevisionRecord> = {}): RevisionRecord {
  return {
    tag,
    base_revision: 'v1.0',
    base_sha256: null,
    created_at: null,
    created_by: 'mia',
    recorded_at,
    operations: 3,
    patch_sha256: `sha-${tag}`,
    content_sha256: `content-${tag}`,
    encrypted: true,
    datasets_after: [],
    imported_at: null,
    patch_path: null,
    disputes: 3,
    settled: 0,
    ...over,
  };
}

describe('the next revision tag', () => {
  it('follows the latest revision in the history, never a tag it holds', () => {
    expect(nextFreeTag('v1.0', [])).toBe('v1.1');
    expect(nextFreeTag(null, [])).toBe('v1.1');
    expect(nextFreeTag('v1.0', [record('v1.1', '2026-11-30T10:00:00Z')])).toBe('v1.2');
    // The latest by when it was recorded, not by name: v1.2 was exported after v1.3 here.
    expect(nextFreeTag('v1.0', [record('v1.3', '2026-11-30T09:00:00Z'), record('v1.2', '2026-11-30T10:00:00Z')])).toBe(
      'v1.4',
    );
    expect(nextFreeTag('v1.0', [record('v1.9', '2026-11-30T10:00:00Z')])).toBe('v1.10');
    expect(nextFreeTag('v1.0', [record('v2.0-rc1', '2026-11-30T10:00:00Z')])).toBe('v2.0-rc2');
  });

  it('follows the store’s revision when it is further on in the same scheme', () => {
    expect(nextFreeTag('v2.0', [record('v1.1', '2026-11-30T10:00:00Z')])).toBe('v2.1');
    expect(nextFreeTag('v1.1', [record('v1.1', '2026-11-30T10:00:00Z', { imported_at: '2026-11-30T11:00:00Z' })])).toBe(
      'v1.2',
    );
    // Another scheme: the history's latest leads.
    expect(nextFreeTag('v1.0', [record('2026-11-30', '2026-11-30T10:00:00Z')])).toBe('2026-11-31');
  });

  it('picks the latest record, ties by the higher tag', () => {
    expect(latestRevision([])).toBeNull();
    expect(latestRevision([record('v1.1', 't1'), record('v1.10', 't1'), record('v1.9', 't1')])?.tag).toBe('v1.10');
  });
});

describe('default paths', () => {
  it('puts the patch beside the base dataset, named with the tag', () => {
    expect(defaultPatchPath('/data/atlas-test.jsonl', 'v1.2')).toBe('/data/atlas-v1.2.patch.json');
    expect(defaultPatchPath('C:\\data\\atlas-test.jsonl', 'v1.2')).toBe('C:\\data\\atlas-v1.2.patch.json');
    expect(defaultPatchPath('/data/atlas-test.jsonl', ' ')).toBe('/data/atlas-patch.patch.json');
  });

  it('names the revised dataset only once the dataset and the revision are known', () => {
    expect(defaultRevisedPath('/data/atlas-test.jsonl', 'v1.1')).toBe('/data/atlas-test.v1.1.jsonl');
    expect(defaultRevisedPath('/data/atlas-test.jsonl', '')).toBe('');
    expect(defaultRevisedPath('', 'v1.1')).toBe('');
  });
});

describe('the patch a reopened desk starts on', () => {
  const history = [record('v1.1', '2026-11-30T09:00:00Z'), record('v1.2', '2026-11-30T10:00:00Z')];

  it('lists what the profile remembered, then the history’s latest patch, then where Export writes it', () => {
    const withPath = [history[0]!, { ...history[1]!, patch_path: '/release/v1.2.json' }];
    expect(
      patchCandidates({ patchPath: '/old/p.json', revision: 'v1.1' }, withPath, [
        '/data/atlas-test.jsonl',
        '/data/atlas-test.jsonl',
        '/stores/a.sqlite',
      ]),
    ).toEqual([
      { path: '/old/p.json', revision: 'v1.1', guessed: false },
      { path: '/release/v1.2.json', revision: 'v1.2', guessed: false },
      { path: '/data/atlas-v1.2.patch.json', revision: 'v1.2', guessed: true },
      { path: '/stores/atlas-v1.2.patch.json', revision: 'v1.2', guessed: true },
    ]);
    expect(patchCandidates({}, [], ['/data/atlas-test.jsonl'])).toEqual([]);
  });

  it('offers no patch of a revision already imported as the base', () => {
    const imported = [record('v1.1', '2026-11-30T09:00:00Z', { imported_at: '2026-11-30T11:00:00Z' })];
    expect(
      patchCandidates({ patchPath: '/p/v1.1.json', revision: 'v1.1' }, imported, ['/data/atlas-test.jsonl']),
    ).toEqual([]);
    expect(patchCandidates({ patchPath: '/p/mine.json' }, imported, ['/data/atlas-test.jsonl'])).toEqual([
      { path: '/p/mine.json', revision: '', guessed: false },
    ]);
  });

  it('takes the first that exists; unknown existence never takes a guess', () => {
    const candidates = patchCandidates({ patchPath: '/old/p.json' }, history, ['/data/atlas-test.jsonl']);
    expect(choosePatch(candidates, new Set(['/data/atlas-v1.2.patch.json']))).toEqual({
      path: '/data/atlas-v1.2.patch.json',
      revision: 'v1.2',
      guessed: true,
    });
    expect(choosePatch(candidates, new Set())).toBeNull();
    expect(choosePatch(candidates, null)?.path).toBe('/old/p.json');
    expect(choosePatch(patchCandidates({}, history, ['/data/atlas-test.jsonl']), null)).toBeNull();
  });
});

describe('why Apply patch is not ready', () => {
  const ready = {
    dataset: '/data/atlas-test.jsonl',
    patchPath: '/p.json',
    out: '/data/atlas-test.v1.1.jsonl',
    check: null,
  };

  it('names the first thing missing, in one line', () => {
    expect(applyBlocker(ready)).toBeNull();
    expect(applyBlocker({ ...ready, dataset: ' ' })).toMatch(/dataset file/);
    expect(applyBlocker({ ...ready, patchPath: '' })).toMatch(/patch file/);
    expect(applyBlocker({ ...ready, out: '' })).toBe('Give a path for the revised dataset.');
    expect(applyBlocker({ ...ready, out: '', check: { path: '/p.json', state: 'reading', error: null } })).toMatch(
      /Reading the patch/,
    );
    expect(
      applyBlocker({ ...ready, out: '', check: { path: '/p.json', state: 'error', error: 'ENOENT: no such file' } }),
    ).toBe('Fix the patch path, or name the revised dataset: the patch cannot be read (ENOENT: no such file).');
    // A check of another patch says nothing about this one.
    expect(applyBlocker({ ...ready, out: '', check: { path: '/other.json', state: 'error', error: 'x' } })).toBe(
      'Give a path for the revised dataset.',
    );
    for (const line of [applyBlocker({ ...ready, dataset: '' }), applyBlocker({ ...ready, patchPath: '' })])
      expect(line).not.toContain('\n');
  });
});

describe('the export notice', () => {
  const result: ExportResult = {
    path: '/data/atlas-v1.1.patch.json',
    revision: 'v1.1',
    operations: 6,
    sha256: 'x',
    encrypted: true,
  };

  it('names the file and says whether the values are encrypted', () => {
    expect(exportedNotice(result)).toBe(
      'Patch v1.1 written to /data/atlas-v1.1.patch.json: 6 operations, values encrypted.',
    );
    expect(exportedNotice({ ...result, operations: 1, encrypted: false })).toBe(
      'Patch v1.1 written to /data/atlas-v1.1.patch.json: 1 operation, values in PLAIN TEXT: do not publish it.',
    );
    const long = exportedNotice({ ...result, path: `/very/${'deep/'.repeat(30)}atlas-v1.1.patch.json` });
    expect(long).toContain('…/atlas-v1.1.patch.json');
  });
});

// The store, on a fake service.
const service = vi.hoisted(() => ({
  revisions: [] as RevisionRecord[],
  /** Which files exist; null: the check itself fails. */
  existing: null as Set<string> | null,
  patches: new Map<string, string>(),
  imports: [] as string[][],
  calls: [] as string[],
}));

vi.mock('../../../renderer/src/api/client', () => {
  const review = (revision: string): PatchReview =>
    ({
      revision,
      base_revision: 'v1.0',
      created_at: null,
      created_by: 'mia',
      encrypted: true,
      operations: [],
    }) as unknown as PatchReview;
  const api: Partial<AdjudicatorApi> = {
    listRevisions: () => Promise.resolve(service.revisions),
    existingFiles: ({ paths }) => {
      service.calls.push(`existingFiles ${paths.join(' ')}`);
      const existing = service.existing;
      return existing == null
        ? Promise.reject(new Error('no such method'))
        : Promise.resolve(paths.filter((p) => existing.has(p)));
    },
    reviewPatch: ({ patch }) => {
      const revision = patch === undefined ? undefined : service.patches.get(patch);
      return revision != null
        ? Promise.resolve(review(revision))
        : Promise.reject(new Error(`ENOENT: no such file, open '${patch}'`));
    },
    startImport: ({ paths }) => {
      service.imports.push(paths);
      return Promise.resolve({ jobId: 'j1' });
    },
    getJob: ({ jobId }) =>
      Promise.resolve({
        id: jobId,
        kind: 'import',
        state: 'done',
        done: 1,
        total: 1,
        message: 'done',
        report: undefined,
      } as JobStatus),
  };
  return {
    api,
    host: {},
    errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
    onApiWrite: () => () => undefined,
  };
});

const { useInfoStore } = await import('../../../renderer/src/stores/info-store');
const { useUiStore } = await import('../../../renderer/src/stores/ui-store');
const { applyFormOf, exportFormOf, findPatch, IDENTIFY_DELAY_MS, useReleaseStore } =
  await import('../../../renderer/src/stores/release-store');

function info(over: Partial<StoreInfo> = {}): StoreInfo {
  return {
    store_path: '/stores/a.sqlite',
    engineer: 'mia',
    revision: 'v1.0',
    dataset_sha256: null,
    dataset_path: '/data/atlas-test.jsonl',
    counts: { open: 1, resolved: 3, conflict: 0, total: 4 },
    tasks: 5,
    runs: 2,
    policy: { required: 1, blind: false },
    version: 'test',
    ...over,
  };
}

/** The app opened on the store: the desk restores its paths and looks for the latest patch. */
async function openStore(over: Partial<StoreInfo> = {}): Promise<void> {
  useInfoStore.setState({ info: info(over) });
  await vi.waitFor(() => expect(useReleaseStore.getState().revisions.result).not.toBeNull());
  // existingFiles, then the state settles.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  useReleaseStore.getState().reset();
  useInfoStore.setState({ info: null });
  service.revisions = [];
  service.existing = new Set();
  service.patches = new Map();
  service.imports = [];
  service.calls = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the release store, reopened', () => {
  it('starts on the latest revision’s patch where Export writes it, when the file exists', async () => {
    service.revisions = [record('v1.1', '2026-11-30T09:00:00Z'), record('v1.2', '2026-11-30T10:00:00Z')];
    service.existing = new Set(['/data/atlas-v1.1.patch.json', '/data/atlas-v1.2.patch.json']);
    await openStore();
    const state = useReleaseStore.getState();
    expect(state.dataset).toBe('/data/atlas-test.jsonl');
    expect(state.patchPath).toBe('/data/atlas-v1.2.patch.json');
    expect(state.patchRevision).toBe('v1.2');
    // Apply is filled in: the revised dataset beside the base, CHANGELOG.md beside it.
    expect(applyFormOf(state)).toEqual({
      out: '/data/atlas-test.v1.2.jsonl',
      changelog: '/data/CHANGELOG.md',
      plaintext: false,
    });
    // Export suggests the next free tag, its patch beside the base.
    expect(exportFormOf(state, useInfoStore.getState().info)).toEqual({
      revision: 'v1.3',
      baseRevision: 'v1.0',
      out: '/data/atlas-v1.3.patch.json',
      plaintext: false,
    });
  });

  it('leaves the patch empty when no file is found', async () => {
    service.revisions = [record('v1.1', '2026-11-30T09:00:00Z')];
    await openStore();
    expect(useReleaseStore.getState().patchPath).toBe('');
    expect(service.calls).toEqual(['existingFiles /data/atlas-v1.1.patch.json /stores/atlas-v1.1.patch.json']);
  });

  it('takes the path the history names, as given when existence cannot be checked', async () => {
    service.revisions = [{ ...record('v1.1', '2026-11-30T09:00:00Z'), patch_path: '/release/atlas-v1.1.patch.json' }];
    service.existing = null;
    await openStore();
    expect(useReleaseStore.getState().patchPath).toBe('/release/atlas-v1.1.patch.json');
    expect(useReleaseStore.getState().patchRevision).toBe('v1.1');
  });

  it('keeps a patch the engineer typed while the desk was looking', async () => {
    service.revisions = [record('v1.1', '2026-11-30T09:00:00Z')];
    service.existing = new Set(['/data/atlas-v1.1.patch.json']);
    useInfoStore.setState({ info: info() });
    useReleaseStore.getState().setPatchPath('/mine.json');
    await findPatch('/stores/a.sqlite', {});
    expect(useReleaseStore.getState().patchPath).toBe('/mine.json');
  });
});

describe('a patch typed by hand', () => {
  it('is read once typing pauses: its revision names the revised dataset', async () => {
    vi.useFakeTimers();
    service.patches.set('/colleague.json', 'v1.4');
    useReleaseStore.setState({ dataset: '/data/atlas-test.jsonl' });
    const store = useReleaseStore.getState();
    store.setPatchPath('/colleague.js');
    store.setPatchPath('/colleague.json');
    expect(applyFormOf(useReleaseStore.getState()).out).toBe('');
    expect(
      applyBlocker({ ...useReleaseStore.getState(), out: '', check: useReleaseStore.getState().patchCheck }),
    ).toMatch(/Reading the patch/);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DELAY_MS + 10);
    vi.useRealTimers();
    await vi.waitFor(() => expect(useReleaseStore.getState().patchRevision).toBe('v1.4'));
    const state = useReleaseStore.getState();
    expect(applyFormOf(state).out).toBe('/data/atlas-test.v1.4.jsonl');
    expect(state.patchCheck).toEqual({ path: '/colleague.json', state: 'ok', error: null });
  });

  it('that cannot be read says so where Apply says why it waits', async () => {
    useReleaseStore.setState({ dataset: '/data/atlas-test.jsonl' });
    useReleaseStore.getState().setPatchPath('/nope.json');
    await useReleaseStore.getState().identifyPatch();
    const state = useReleaseStore.getState();
    expect(state.patchCheck).toEqual({
      path: '/nope.json',
      state: 'error',
      error: "ENOENT: no such file, open '/nope.json'",
    });
    expect(
      applyBlocker({
        dataset: state.dataset,
        patchPath: state.patchPath,
        out: applyFormOf(state).out,
        check: state.patchCheck,
      }),
    ).toMatch(/cannot be read/);
  });

  it('an output typed by hand stands; the changelog follows it until named', () => {
    useReleaseStore.setState({ dataset: '/data/atlas-test.jsonl', patchRevision: 'v1.1' });
    useReleaseStore.getState().setApplyForm({ out: '/out/revised.jsonl' });
    expect(applyFormOf(useReleaseStore.getState())).toMatchObject({
      out: '/out/revised.jsonl',
      changelog: '/out/CHANGELOG.md',
    });
    useReleaseStore.getState().setApplyForm({ changelog: '' });
    expect(applyFormOf(useReleaseStore.getState()).changelog).toBe('');
  });
});

describe('a desk reset between sessions', () => {
  it('reads no patch typed in the last one, and restores the same store’s paths again', async () => {
    vi.useFakeTimers();
    service.patches.set('/colleague.json', 'v1.4');
    useReleaseStore.getState().setPatchPath('/colleague.json');
    useReleaseStore.getState().reset();
    await vi.advanceTimersByTimeAsync(IDENTIFY_DELAY_MS + 10);
    vi.useRealTimers();
    expect(useReleaseStore.getState()).toMatchObject({ patchPath: '', patchRevision: '', patchCheck: null });
    service.revisions = [record('v1.1', '2026-11-30T09:00:00Z')];
    service.existing = new Set(['/data/atlas-v1.1.patch.json']);
    await openStore();
    expect(useReleaseStore.getState().patchPath).toBe('/data/atlas-v1.1.patch.json');
    useReleaseStore.getState().reset();
    await openStore();
    expect(useReleaseStore.getState()).toMatchObject({ restoredFor: '/stores/a.sqlite', patchRevision: 'v1.1' });
  });
});

describe('importing the revised dataset as the new base', () => {
  it('runs the Import dialog’s job on the output, and the desk then works on it', async () => {
    useReleaseStore.setState({
      dataset: '/data/atlas-test.jsonl',
      patchPath: '/data/atlas-v1.1.patch.json',
      patchRevision: 'v1.1',
      applyForm: { out: '/out/atlas-test.v1.1.jsonl', changelog: null, plaintext: false },
      applied: { out: '/out/atlas-test.v1.1.jsonl', revision: 'v1.1' } as ApplyResult,
    });
    await useReleaseStore.getState().importAsBase();
    expect(service.imports).toEqual([['/out/atlas-test.v1.1.jsonl']]);
    expect(useUiStore.getState().overlay).toBe('import');
    const state = useReleaseStore.getState();
    expect(state.dataset).toBe('/out/atlas-test.v1.1.jsonl');
    // The patch was made on the old base: Apply starts over, not on its own output.
    expect(state.patchPath).toBe('');
    expect(applyFormOf(state).out).toBe('');
  });
});
