// The one typed contract between the renderer and the service. Each method takes
// one plain object, validated by the zod schema beside it at every host, and
// says once what kind of call it is (a read, a write, a job: api/kinds.ts).
import { z } from 'zod';
import { ApiInputError } from './api-input-error';
import type {
  AgreementStats,
  DataVersion,
  DisputeDetail,
  DisputeListing,
  Facets,
  JobStatus,
  PolicyEffect,
  LeftOutSummary,
  RuleResult,
  RulingLogExport,
  RulingLogImport,
  Settings,
  StoreInfo,
} from './api-types';
import type { ReportListItem, ReportView } from './report-parse';
import {
  draftReplyInputSchema,
  importReportsInputSchema,
  linkReportInputSchema,
  listReportsInputSchema,
  overrideReportInputSchema,
  postReplyInputSchema,
  reportRefSchema,
} from './api/reports';
import type { GitHubTokenState, PostReplyResult, ReplyDraft } from './report-types';
import type { PatchReview, RevisionRecord } from './revision-types';
import { DECISIONS, DISPUTE_KINDS, DISPUTE_STATUSES } from './domain';
import type {
  AuditCellDetail,
  AuditCellItem,
  AuditEstimateView,
  AuditOverview,
  AuditRoundView,
  SampleSizeProposal,
} from './audit';
import {
  auditEstimateInputSchema,
  drawAuditInputSchema,
  getAuditCellInputSchema,
  listAuditInputSchema,
  proposeAuditInputSchema,
  ruleAuditInputSchema,
} from './api/audit';
import type { MethodKind, MethodSpec } from './api/kinds';
import { job, read, write } from './api/kinds';

const text = (max: number) => z.string().max(max);
/**
 * An engineer's name as rulings record it: spaces around it are dropped, and a
 * blank one is refused ("mia" and "mia " would count as two engineers, one
 * person settling alone under a two-engineer policy).
 */
export const engineerName = z.string().max(200).trim().min(1, 'an engineer needs a name (not blank)');
const id = z.string().min(1).max(200);
const empty = z.object({}).strict();

export const disputeFilterSchema = z
  .object({
    status: z.enum(DISPUTE_STATUSES).optional(),
    kind: z.enum(DISPUTE_KINDS).optional(),
    task: text(500).optional(),
    column: text(500).optional(),
    system: text(500).optional(),
    search: text(500).optional(),
    /** Only disputes this engineer has not ruled on and that are not resolved. */
    needs: text(200).optional(),
    hasReport: z.boolean().optional(),
  })
  .strict();
export type DisputeFilter = z.infer<typeof disputeFilterSchema>;

export const SORTABLE_FIELDS = [
  'priority',
  'task_id',
  'entity',
  'column',
  'contesting',
  'top_count',
  'status',
  'kind',
] as const;
export type SortField = (typeof SORTABLE_FIELDS)[number];

const sortSchema = z.object({ field: z.enum(SORTABLE_FIELDS), dir: z.enum(['asc', 'desc']) }).strict();

const listInput = z
  .object({
    filter: disputeFilterSchema.default({}),
    sort: sortSchema.optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(1000).default(100),
  })
  .strict();
export type ListDisputesInput = z.infer<typeof listInput>;

export const ruleInputSchema = z
  .object({
    disputeId: id,
    decision: z.enum(DECISIONS),
    value: text(1_000_000).nullish(),
    values: z.record(text(500), text(100_000)).nullish(),
    row: z.number().int().min(0).max(1_000_000).nullish(),
    rationale: text(100_000).nullish(),
    evidence: z.array(text(4000)).max(100).optional(),
    engineer: engineerName.optional(),
    /** Write a value accepted from a system as the system spelled it, not in gold's format (docs/formats.md). */
    keepSpelling: z.boolean().optional(),
  })
  .strict();
export type RuleInput = z.infer<typeof ruleInputSchema>;

/** A revision tag (v1.1, 2026-11-30, v2.0-rc1): safe in a file name, a git tag and a changelog heading. */
export const REVISION_TAG = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/u;
export const REVISION_TAG_EXPECTED =
  'expected a tag such as v1.1: letters, digits, ".", "_", "+" or "-", starting with a letter or digit';
const revisionTag = text(100).regex(REVISION_TAG, REVISION_TAG_EXPECTED);

const exportInput = z
  .object({
    revision: revisionTag,
    out: text(4096).min(1),
    baseRevision: revisionTag.optional(),
    dataset: text(4096).optional(),
    plaintext: z.boolean().optional(),
    /** Replace an existing file that is not a patch for this revision (the app asks first). */
    overwrite: z.boolean().optional(),
  })
  .strict();
export type ExportInput = z.infer<typeof exportInput>;

const policyInput = z
  .object({ required: z.number().int().min(1).max(20).optional(), blind: z.boolean().optional() })
  .strict();
const previewPolicyInput = z.object({ required: z.number().int().min(1).max(20) }).strict();
/** `overwrite`: replace an existing file that is not a ruling log (the app asks first). */
const rulingsExportInput = z
  .object({ out: text(4096).min(1), plaintext: z.boolean().optional(), overwrite: z.boolean().optional() })
  .strict();
const applyInput = z
  .object({
    dataset: text(4096).min(1),
    patch: text(4096).min(1),
    out: text(4096).min(1),
    changelog: text(4096).min(1).optional(),
    plaintext: z.boolean().optional(),
    /** Replace an output or changelog that exists (the app asks first). */
    overwrite: z.boolean().optional(),
  })
  .strict();
export type ApplyInput = z.infer<typeof applyInput>;
const tokenInput = z.object({ token: text(1000).min(1).nullable() }).strict();
/** No patch: a dry run on the settled rulings an export would write now, taking no tag. */
const patchOrDraftInput = z.object({ patch: text(4096).min(1).optional() }).strict();
const pathsInput = z.object({ paths: z.array(text(4096).min(1)).min(1).max(10_000) }).strict();
/** `replaceRuns`: a run of a system the store already has replaces it (a re-grade) instead of being refused. */
const importInput = z
  .object({ paths: z.array(text(4096).min(1)).min(1).max(10_000), replaceRuns: z.boolean().optional() })
  .strict();

/** The most disputes one getDisputes call answers: a panel's prefetch is a handful. */
export const MAX_DISPUTES_PER_CALL = 32;

export const apiMethods = {
  getInfo: read(empty).returns<StoreInfo>(),
  getDataVersion: read(empty).returns<DataVersion>(),
  getSettings: read(empty).returns<Settings>(),
  // The settings file, not the store: saved at once, while an import runs too.
  setSettings: write(z.object({ engineer: engineerName }).strict(), { duringJobs: true }).returns<Settings>(),
  startImport: job('import', importInput),
  loadDemo: job('demo', empty),
  getJob: read(z.object({ jobId: id }).strict()).returns<JobStatus>(),
  cancelJob: write(z.object({ jobId: id }).strict(), { duringJobs: true }).returns<JobStatus>(),
  listDisputes: read(listInput, { foreground: true }).returns<DisputeListing>(),
  /** Index of a dispute in a filtered listing (default order, or the sort given), so the grid can jump to it. */
  locateDispute: read(z.object({ id, filter: disputeFilterSchema.default({}), sort: sortSchema.optional() }).strict(), {
    foreground: true,
  }).returns<{ index: number | null }>(),
  getDispute: read(z.object({ id }).strict(), { foreground: true }).returns<DisputeDetail>(),
  /**
   * Several disputes, in the order asked, in one call: the panel fetches the disputes ahead of the selection with
   * it. An id the store does not hold is left out, not an error: the dispute shown asks for itself (getDispute).
   */
  getDisputes: read(z.object({ ids: z.array(id).min(1).max(MAX_DISPUTES_PER_CALL) }).strict(), {
    foreground: true,
  }).returns<DisputeDetail[]>(),
  getFacets: read(empty).returns<Facets>(),
  rule: write(ruleInputSchema).returns<RuleResult>(),
  /** Retracts the engineer's latest counted ruling on a dispute (a new event). */
  retract: write(z.object({ disputeId: id, engineer: engineerName.optional() }).strict()).returns<RuleResult>(),
  /** The settled rulings as a patch file: progress by step, and cancel until the revision is recorded (JobStatus.export). */
  exportPatch: job('export', exportInput),
  /** The disputes an export would leave out (in conflict, or open), named before anything is written. */
  exportLeftOut: read(empty).returns<LeftOutSummary>(),
  getStats: read(empty).returns<AgreementStats>(),
  /** The store's resolution policy: how many agreeing engineers settle a dispute, and blind review. */
  setPolicy: write(policyInput).returns<StoreInfo['policy']>(),
  /** What saving that number of agreeing engineers would do, before it is saved (the Settings dialog says it). */
  previewPolicy: read(previewPolicyInput).returns<PolicyEffect>(),
  // Writes a file from the store; the store itself is unchanged.
  exportRulings: write(rulingsExportInput, { duringJobs: true }).returns<RulingLogExport>(),
  importRulings: write(pathsInput).returns<RulingLogImport>(),
  /** Applies a patch file to a dataset file, writing the revised dataset (JobStatus.apply). */
  applyPatch: job('apply', applyInput),
  /** Which of these paths already exist (the disk, not the store): the app asks before an apply replaces them. */
  existingFiles: read(pathsInput).returns<string[]>(),
  /** Every imported run's scores before and after a patch (design.md §7.3): progress over tasks (JobStatus.rescore). */
  rescore: job('rescore', patchOrDraftInput, { readsOnly: true }),
  listRevisions: read(empty).returns<RevisionRecord[]>(),
  /** A patch's operations decrypted for review inside the app. */
  reviewPatch: read(patchOrDraftInput).returns<PatchReview>(),
  /** GitHub reports from saved issue files or the live API (JobStatus.reports). */
  importReports: job('reports', importReportsInputSchema),
  listReports: read(listReportsInputSchema).returns<ReportListItem[]>(),
  /** One report in full (body as text, links flagged safe or not), linked or not. */
  getReport: read(reportRefSchema).returns<ReportView>(),
  /** The engineer's fixes to what the parser found (task, row, column, value); relinks at once. */
  overrideReport: write(overrideReportInputSchema).returns<ReportListItem>(),
  /** Attaches a report to a dispute by hand (null: back to automatic linking). */
  linkReport: write(linkReportInputSchema).returns<ReportListItem>(),
  draftReply: read(draftReplyInputSchema).returns<ReplyDraft>(),
  postReply: write(postReplyInputSchema, { duringJobs: true }).returns<PostReplyResult>(),
  getGitHubToken: read(empty).returns<GitHubTokenState>(),
  /** Keeps the token in the OS keychain where the host has one, else for this session only; null forgets it. */
  setGitHubToken: write(tokenInput, { duringJobs: true }).returns<GitHubTokenState>(),
  /** Gold error-rate audit (design.md §10): a new round, a seeded simple random sample per stratum of cells not drawn before. */
  drawAuditSample: write(drawAuditInputSchema).returns<AuditRoundView>(),
  /** Audited cells in review order (round, stratum, draw); verdicts hidden under blind review until the viewer's own. */
  listAuditCells: read(listAuditInputSchema).returns<AuditCellItem[]>(),
  /**
   * One audited cell for review: gold, its sources, the question and the column rule; systems only with `reveal`
   * (recorded: the viewer's verdict is then unblinded).
   */
  getAuditCell: write(getAuditCellInputSchema, { duringJobs: true }).returns<AuditCellDetail>(),
  /** Records the engineer's verdict (an append-only event); a settled "incorrect" raises or joins the cell's dispute. */
  ruleAuditCell: write(ruleAuditInputSchema).returns<AuditCellItem>(),
  /** The stratified estimate with its Wilson interval, now or for the dataset after an exported revision. */
  getAuditEstimate: read(auditEstimateInputSchema).returns<AuditEstimateView>(),
  /** Frames, rounds, the estimate and the estimate after each exported revision. */
  getAuditOverview: read(empty).returns<AuditOverview>(),
  /** Per-stratum sample sizes for a target half-width and a prior rate, from the frame sizes now. */
  proposeAuditSizes: read(proposeAuditInputSchema).returns<SampleSizeProposal>(),
} satisfies Record<string, MethodSpec<z.ZodType, unknown>>;

export type ApiMethods = typeof apiMethods;
export type MethodName = keyof ApiMethods;
export type MethodInput<M extends MethodName> = z.input<ApiMethods[M]['input']>;
export type MethodParsedInput<M extends MethodName> = z.output<ApiMethods[M]['input']>;
export type MethodOutput<M extends MethodName> = ApiMethods[M]['output'];

/** What the renderer calls: every method, asynchronous, whatever the host. */
export type AdjudicatorApi = { [M in MethodName]: (input: MethodInput<M>) => Promise<MethodOutput<M>> };

/** What the service implements: inputs arrive already validated and defaulted. */
export type AdjudicatorService = {
  [M in MethodName]: (input: MethodParsedInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;
};

export const METHOD_NAMES = Object.keys(apiMethods) as MethodName[];

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(apiMethods, name);
}

/** Whether the method reads, writes, or starts a job. */
export function methodKind(name: MethodName): MethodKind {
  return apiMethods[name].kind;
}

/** A write that waits for the running job to end, so it never interleaves with an import. */
export function waitsForJob(name: MethodName): boolean {
  return apiMethods[name].waitsForJob;
}

/** A read the engineer waits on: background work gives way to it. */
export function isForegroundRead(name: MethodName): boolean {
  return apiMethods[name].foreground;
}

/** Whether the call may change what the service answers: every write, and every job but one that only reads. */
export function mayWrite(name: MethodName): boolean {
  return !apiMethods[name].readsOnly;
}

/** Jobs whose end changes nothing (a preview): declared by the method that starts them. */
export const READ_ONLY_JOB_KINDS: ReadonlySet<JobStatus['kind']> = new Set(
  METHOD_NAMES.flatMap((name) => {
    const { job: kind, readsOnly } = apiMethods[name];
    return kind !== undefined && readsOnly ? [kind] : [];
  }),
);

/** Parses a method's input; throws ApiInputError naming the field on failure. */
export function parseInput<M extends MethodName>(name: M, input: unknown): MethodParsedInput<M> {
  const result = apiMethods[name].input.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'input';
    throw new ApiInputError(`${name}: ${where}: ${issue?.message ?? 'invalid input'}`);
  }
  return result.data as MethodParsedInput<M>;
}

export { ApiInputError };
export type { MethodKind };
export * from './api/reports';
export * from './api/audit';
