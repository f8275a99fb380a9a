// The service: one object implementing every method of the AdjudicatorApi
// over one store. Hosts (Electron IPC, CLI, loopback bridge) only validate and
// forward; nothing here knows which host called.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AdjudicatorService, DisputeFilter, ExportInput, ReportRef } from '../shared/api';
import type { ImportReport, StoreInfo } from '../shared/api-types';
import { proposeSampleSizes } from '../shared/audit';
import {
  auditCellItem,
  auditEstimate,
  auditOverview,
  countFrame,
  drawRound,
  getAuditCell,
  listAuditCells,
  recordVerdict,
} from './audit';
import { checkBaseDataset, draftPatch, exportPatchJob, leftOutDisputes } from './export';
import { importPaths } from './import';
import type { ImportOptions } from './import';
import { writeTransaction } from './write-lock';
import type { WriteLockOptions } from './write-lock';
import type { JobContext, JobResult } from './jobs';
import { JobFailure, JobManager } from './jobs';
import { NotFoundError, requireDispute } from './not-found';
import { checkOutputTarget, patchOutput, RULING_LOG_OUTPUT, storeInputs } from './output-guard';
import { checkInputFile, checkOutputFile, checkReadableFile, PATCH_FILE_EXPECTED, PathError } from './path-checks';
import {
  notARulingLog,
  exportRulingLog,
  mergeRulingLogs,
  policyEffect,
  readPolicy,
  writePolicy,
  agreementStats,
  refreshAllStatuses,
  upgradeAgreementKeys,
  recordRuling,
  retractRuling,
  RulingError,
} from './rulings';
import { defaultSettingsPath, engineerFromEnv } from './paths';
import {
  disputeDetails,
  getDisputeDetail,
  disputeRecords,
  searchNeedle,
  listDisputes,
  locateDispute,
  facets,
  statusCounts,
  storeTotals,
  prewarmSearch,
  whenSearchReady,
} from './queries';
import type { DisputeRecord } from './queries';
import { readSettings, writeSettings } from './settings';
import type { Store } from './store';
import { dataVersion, externalVersion } from './data-version';
import { getMeta, openStore } from './store';
import { asTheContractSays } from './service-kinds';
import {
  applyAndRecord,
  checkApplyPaths,
  listRevisions,
  PatchMismatchError,
  readPatchFile,
  rescore,
  reviewPatch,
} from './revisions';
import type { ReportListItem } from '../shared/report-parse';
import {
  draftReply,
  getReport,
  importReportFiles,
  importReportsFromGitHub,
  linkReport,
  listReports,
  overrideReport,
  postReportReply,
  ReportError,
} from './reports';
import type { SecretStore } from './secrets';
import { githubToken, sessionSecretStore } from './secrets';
import { APP_VERSION } from './app-version';

/** A background search build waits this long after the last queue or panel request before its next chunk. */
const QUIET_AFTER_READ_MS = 300;

export interface ServiceOptions {
  dbPath: string;
  /** Engineer name for rulings when a call names none (default: $ATLAS_ADJUDICATOR_ENGINEER, settings, the OS user). */
  engineer?: string;
  settingsPath?: string;
  /**
   * Where the demo workspace's files are written (default: `<store>.demo` beside the store: the demo's
   * dataset stays where the store records it, and two stores never remove each other's demo).
   */
  demoDir?: string;
  /**
   * Writes the demo workspace into a folder and returns the paths to import (demo/'s writeDemoWorkspace). The
   * hosts pass it, so db/ imports no generator; without it, loadDemo fails.
   */
  demoWorkspace?: (dir: string, signal?: AbortSignal) => Promise<string[]>;
  /** Where the GitHub token is kept (default: memory for this session; Electron passes its keychain). */
  secrets?: SecretStore;
  /**
   * Build the search index in the background on opening and after a change of disputes (default false). For hosts
   * that run on (Electron, the bridge): a one-shot command would pay for an index it never reads, or wait to exit.
   */
  prewarmSearch?: boolean;
  /** How long a write waits while another process holds the store (default: ATLAS_ADJUDICATOR_BUSY_TIMEOUT, else 60 s). */
  busyTimeoutMs?: number;
  /** Told once per write that has to wait for another process: what holds the store, and for how long this waits. */
  onBusy?: (message: string) => void;
  /**
   * Refuse a ruling or retraction under a name the engineer never confirmed (the OS user name offered at the
   * first launch) when the call names none (default false). For the hosts a person rules through: Electron and
   * browser mode, whose page asks for the name first.
   */
  confirmEngineer?: boolean;
}

export type { ImportOptions };

/** The API plus what only Node hosts (CLI, bridge, Electron main) use. */
export interface ServiceHandle extends AdjudicatorService {
  readonly dbPath: string;
  readonly store: Store;
  /** Imports in this process, in one transaction; rejects when the signal aborts (the store is unchanged). */
  importPaths(paths: string[], options?: ImportOptions): Promise<ImportReport>;
  /** Every dispute matching the filter, in priority order, as `disputes --json` prints them. */
  disputeRecords(filter: DisputeFilter): Iterable<DisputeRecord>;
  /** Waits until the running job (if any) ends. */
  idle(): Promise<void>;
  close(): void;
}

// With 16 KiB pages an import runs as fast on 32 MiB of page cache as on 64, and peaks ~60 MiB lower.
export const IMPORT_CACHE_MIB = 32;

export function openService(options: ServiceOptions): ServiceHandle {
  const store = openStore(options.dbPath);
  upgradeAgreementKeys(store);
  const settingsPath = options.settingsPath ?? defaultSettingsPath();
  const jobs = new JobManager();
  const loadDemoWorkspace = options.demoWorkspace ?? noDemoWorkspace;
  const secrets = options.secrets ?? sessionSecretStore();
  // Tests point the live import at a local fake GitHub.
  const githubApi = process.env.ATLAS_ADJUDICATOR_GITHUB_API;
  const reportItem = (ref: ReportRef): ReportListItem => {
    const item = listReports(store).find(
      (report) => report.number === ref.number && (ref.repo === undefined || report.repo === ref.repo),
    );
    if (!item) throw new NotFoundError(`no report #${ref.number}${ref.repo ? ` in ${ref.repo}` : ''}`);
    return item;
  };
  // Trimmed, and a blank one is no name: "mia " and "" would record rulings as other engineers than mia.
  const engineer = (): string => options.engineer?.trim() || engineerFromEnv() || readSettings(settingsPath).engineer;
  // A name given at launch was typed by the engineer; one from the OS is confirmed once saved in Settings.
  const confirmed = (): boolean =>
    Boolean(options.engineer?.trim() || engineerFromEnv()) || readSettings(settingsPath).confirmed;
  /** Where a person rules through the app: nothing is recorded under a name they never saw. */
  const requireConfirmed = (given: string | undefined): void => {
    if (options.confirmEngineer && given === undefined && !confirmed()) {
      throw new RulingError(
        `confirm who is ruling first: the name ${JSON.stringify(engineer())} was never confirmed (Settings, or --engineer)`,
      );
    }
  };

  // A search waits for the index built a chunk at a time (search-build.ts), so its query finds it current instead of
  // rebuilding at once and holding up every other request; a request that searches nothing never waits.
  const afterSearchReady = <T>(filter: DisputeFilter, query: () => T): T | Promise<T> =>
    searchNeedle(filter) ? whenSearchReady(store).then(query) : query();
  // When the engineer last asked for something the panel or the queue shows: a background build gives way to it.
  let lastRead = -Infinity;
  const prewarm = (): void => {
    if (options.prewarmSearch) prewarmSearch(store, { busy: () => performance.now() - lastRead < QUIET_AFTER_READ_MS });
  };
  // Once a job that changed disputes ends, whether it finished or not: the next search is then usually instant.
  const thenPrewarm =
    (work: (context: JobContext) => Promise<JobResult>) =>
    (context: JobContext): Promise<JobResult> =>
      work(context).finally(prewarm);
  prewarm();

  // A write waits for the store without blocking this thread while another process holds it (write-lock.ts).
  const busy = (purpose: string): WriteLockOptions => ({
    purpose,
    ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
    ...(options.onBusy ? { onWait: options.onBusy } : {}),
  });
  const writing = <T>(purpose: string, work: () => T): Promise<T> => writeTransaction(store, work, busy(purpose));

  // Imports write through their own connection, so reads here keep seeing the last committed state.
  const runImport = (paths: string[], importOptions: ImportOptions = {}): Promise<ImportReport> => {
    const importStore = openStore(options.dbPath, { cacheMiB: IMPORT_CACHE_MIB });
    return importPaths(importStore, paths, { busy: busy('import'), ...importOptions }).finally(() =>
      importStore.db.close(),
    );
  };

  // What each method does; asTheContractSays (below) adds what its kind implies, such as waiting for the running job.
  const methods: AdjudicatorService = {
    getInfo(): StoreInfo {
      const policy = readPolicy(store.db);
      const totals = storeTotals(store);
      return {
        store_path: options.dbPath,
        engineer: engineer(),
        revision: getMeta(store.db, 'base_revision'),
        dataset_sha256: getMeta(store.db, 'dataset_sha256'),
        dataset_path: getMeta(store.db, 'dataset_path'),
        counts: statusCounts(store),
        tasks: totals.tasks,
        runs: totals.runs,
        policy: { required: policy.required, blind: policy.blind },
        version: APP_VERSION,
      };
    },
    getDataVersion: () => ({ version: dataVersion(store.db), external: externalVersion(store.db) }),
    getSettings: () => ({ engineer: engineer(), confirmed: confirmed() }),
    setSettings: (input) => writeSettings(settingsPath, { engineer: input.engineer }),

    startImport: (input) => {
      const job = jobs.start(
        'import',
        thenPrewarm(async (context) => ({
          report: await runImport(input.paths, {
            signal: context.signal,
            onProgress: context.progress,
            replaceRuns: input.replaceRuns === true,
          }),
        })),
      );
      return { jobId: job.id };
    },
    loadDemo: () => {
      const job = jobs.start(
        'demo',
        thenPrewarm(async (context) => {
          const paths = await loadDemoWorkspace(options.demoDir ?? defaultDemoDir(options.dbPath), context.signal);
          return { report: await runImport(paths, { signal: context.signal, onProgress: context.progress }) };
        }),
      );
      return { jobId: job.id };
    },
    getJob: (input) => jobs.get(input.jobId),
    cancelJob: (input) => jobs.cancel(input.jobId),

    listDisputes: (input) => afterSearchReady(input.filter, () => listDisputes(store, input, engineer())),
    locateDispute: (input) =>
      afterSearchReady(input.filter, () => ({ index: locateDispute(store, input.id, input.filter, input.sort) })),
    getDispute: (input) => getDisputeDetail(store, input.id, engineer(), readPolicy(store.db).blind),
    getDisputes: (input) => disputeDetails(store, input.ids, engineer(), readPolicy(store.db).blind),
    getFacets: () => facets(store),

    rule: (input) => {
      // An unknown id is the caller's mistake (404 on the bridge), not a refused ruling.
      requireDispute(store, input.disputeId);
      requireConfirmed(input.engineer);
      return writing('rule', () => recordRuling(store, input, input.engineer ?? engineer()));
    },
    retract: (input) => {
      requireDispute(store, input.disputeId);
      requireConfirmed(input.engineer);
      return writing('retract', () => retractRuling(store, input.disputeId, input.engineer ?? engineer()));
    },
    exportPatch: (input) => {
      // Refused before the job starts, so the form shows it at once.
      checkExportPaths(store, input);
      const job = jobs.start('export', async (context) => {
        const base = input.dataset !== undefined ? await checkBaseDataset(store, input.dataset) : undefined;
        // What the patch leaves out, as it stood before the file was written.
        const leftOut = leftOutDisputes(store);
        const options = { signal: context.signal, onProgress: context.progress, base, busy: busy('export') };
        return { export: { ...(await exportPatchJob(store, input, engineer(), options)), left_out: leftOut } };
      });
      return { jobId: job.id };
    },

    getStats: () => agreementStats(store),
    previewPolicy: (input) => policyEffect(store.db, input.required),
    setPolicy: async (input) => {
      await writing('policy', () => {
        writePolicy(store.db, input);
        refreshAllStatuses(store);
      });
      const policy = readPolicy(store.db);
      return { required: policy.required, blind: policy.blind };
    },
    exportRulings: (input) => {
      checkOutputFile(input.out, { label: 'out', expected: "the ruling log's file name, e.g. DIR/mia.rulings.jsonl" });
      checkOutputTarget(input.out, {
        labels: API_OUTPUT_LABELS,
        inputs: storeInputs(store),
        overwrite: input.overwrite === true,
        ...RULING_LOG_OUTPUT,
      });
      return exportRulingLog(store, input.out, { plaintext: input.plaintext });
    },
    importRulings: async (input) => {
      // A log that is missing or cannot be read is the caller's mistake, refused before anything merges (the CLI refuses it too).
      for (const path of input.paths)
        checkReadableFile(path, { label: 'paths', expected: 'a ruling log (*.rulings.jsonl)' });
      // A judges file or a dataset: one refusal naming it, not one per line (the app's merge as much as the CLI's).
      for (const path of input.paths) {
        const reason = notARulingLog(path);
        if (reason !== null) throw new PathError(`paths: ${reason}`);
      }
      return writing('rulings import', () => mergeRulingLogs(store, input.paths));
    },

    existingFiles: (input) => input.paths.filter((path) => existsSync(resolve(path))),
    applyPatch: (input) => {
      // Refused before the job starts, so the Apply dialog shows it at once.
      checkApplyPaths(input);
      const job = jobs.start('apply', async (context) => {
        try {
          return {
            apply: await applyAndRecord(store, input, {
              signal: context.signal,
              onProgress: context.progress,
              busy: busy('apply'),
            }),
          };
        } catch (error) {
          // The renderer shows a refusal as a table: the mismatches travel as data, not only as text.
          if (error instanceof PatchMismatchError)
            throw new JobFailure(error.message, { refusal: { base: error.base, mismatches: [...error.mismatches] } });
          throw error;
        }
      });
      return { jobId: job.id };
    },
    rescore: (input) => {
      // Refused before the job starts, as applyPatch's paths are: the dialog shows it at once.
      if (input.patch !== undefined) checkReadableFile(input.patch, { label: 'patch', expected: PATCH_FILE_EXPECTED });
      const path = input.patch;
      const job = jobs.start('rescore', async (context) => {
        const watch = { signal: context.signal, onProgress: context.progress };
        if (path === undefined)
          return {
            rescore: { ...(await rescore(store, draftPatch(store, engineer()), watch)), dry_run: true as const },
          };
        return {
          rescore: await rescore(store, (await readPatchFile(path, 'patch', { signal: context.signal })).patch, watch),
        };
      });
      return { jobId: job.id };
    },
    listRevisions: () => listRevisions(store),
    reviewPatch: async (input) =>
      input.patch === undefined
        ? { ...reviewPatch(store, draftPatch(store, engineer())), dry_run: true }
        : reviewPatch(store, (await readPatchFile(input.patch)).patch),
    exportLeftOut: () => leftOutDisputes(store),

    importReports: (input) => {
      const job = jobs.start(
        'reports',
        thenPrewarm(async (context) => {
          if ('paths' in input) {
            return {
              reports: await writing('reports import', () =>
                importReportFiles(store, input.paths, { repo: input.repo }),
              ),
            };
          }
          const token = githubToken(secrets).token;
          const reports = await importReportsFromGitHub(store, {
            repo: input.repo,
            ...(input.label ? { label: input.label } : {}),
            ...(token ? { token } : {}),
            ...(githubApi ? { baseUrl: githubApi } : {}),
            signal: context.signal,
            onPage: (pages, issues) => context.progress(pages, pages + 1, `${issues} issues from ${pages} pages`),
          });
          return { reports };
        }),
      );
      return { jobId: job.id };
    },
    listReports: (input) => listReports(store, input),
    getReport: (input) => getReport(store, input),
    overrideReport: async (input) => {
      await writing('reports', () => overrideReport(store, input, input.fields, { replace: input.replace }));
      prewarm();
      return reportItem(input);
    },
    linkReport: async (input) => {
      await writing('reports link', () => linkReport(store, input, input.disputeId));
      prewarm();
      return reportItem(input);
    },
    draftReply: (input) => draftReply(store, input, input.revision ? { revision: input.revision } : {}),
    postReply: async (input) => {
      const token = githubToken(secrets).token;
      if (!token) throw new ReportError('posting to GitHub needs a token: set GITHUB_TOKEN or add one in Settings');
      return postReportReply(store, input, {
        token,
        confirm: input.confirm,
        ...(input.body ? { body: input.body } : {}),
        ...(input.revision ? { revision: input.revision } : {}),
        ...(input.close !== undefined ? { close: input.close } : {}),
        ...(githubApi ? { baseUrl: githubApi } : {}),
      });
    },
    getGitHubToken: () => githubToken(secrets).state,
    setGitHubToken: (input) => {
      secrets.set(input.token);
      return githubToken(secrets).state;
    },

    drawAuditSample: (input) => writing('audit', () => drawRound(store, input, engineer())),
    listAuditCells: (input) => listAuditCells(store, engineer(), readPolicy(store.db).blind, input.status),
    getAuditCell: (input) =>
      getAuditCell(store, input.id, engineer(), readPolicy(store.db).blind, input.reveal === true),
    ruleAuditCell: async (input) => {
      const who = input.engineer ?? engineer();
      await writing('audit', () => recordVerdict(store, input, who));
      return auditCellItem(store, input.id, who, readPolicy(store.db).blind);
    },
    getAuditEstimate: (input) => auditEstimate(store, input.revision),
    getAuditOverview: () => auditOverview(store),
    proposeAuditSizes: (input) => {
      const { frame } = countFrame(store);
      return proposeSampleSizes({
        ...input,
        frames: [
          { name: 'disputed', frame: frame.disputed },
          { name: 'undisputed', frame: frame.undisputed },
        ],
      });
    },
  };

  return {
    ...asTheContractSays(methods, {
      idle: () => jobs.idle(),
      foregroundRead: () => {
        lastRead = performance.now();
      },
    }),
    dbPath: options.dbPath,
    store,
    importPaths: async (paths, importOptions) => {
      await jobs.idle();
      return runImport(paths, importOptions);
    },
    disputeRecords: (filter) => disputeRecords(store, filter, engineer()),
    idle: () => jobs.idle(),
    close: () => {
      jobs.cancelAll();
      store.db.close();
    },
  };
}

/** The export's paths, refused in one line before any work starts (see path-checks.ts). */
function checkExportPaths(store: Store, input: ExportInput): void {
  checkOutputFile(input.out, { label: 'out', expected: "the patch's file name, e.g. DIR/v1.1.patch.json" });
  if (input.dataset !== undefined)
    checkInputFile(input.dataset, { label: 'dataset', expected: 'the base dataset file (.jsonl or .parquet)' });
  checkOutputTarget(input.out, {
    labels: API_OUTPUT_LABELS,
    inputs: [
      ...storeInputs(store),
      ...(input.dataset !== undefined ? [['the base dataset', input.dataset] as [string, string]] : []),
    ],
    overwrite: input.overwrite === true,
    ...patchOutput(input.revision),
  });
}

const API_OUTPUT_LABELS = { out: 'out', overwrite: 'overwrite' };

function noDemoWorkspace(): Promise<string[]> {
  return Promise.reject(new Error('this host has no demo workspace'));
}

function defaultDemoDir(dbPath: string): string {
  return dbPath === ':memory:' ? join(tmpdir(), 'atlas-adjudicator-demo') : `${resolve(dbPath)}.demo`;
}
