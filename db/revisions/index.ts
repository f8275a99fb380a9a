// Tagged revisions (design.md §6–7, issue 5): what the service, the CLI and the
// export step call. Everything else in this folder is internal.
export type { ApplyOptions } from './apply';
export { applyPatch } from './apply';
export { renderChangelog } from './changelog';
export type { ChangelogOptions } from './changelog';
export { DatasetFormatError, PatchFormatError, PatchMismatchError, RevisionConflictError } from './errors';
export type { RecordRevisionInput, RecordRevisionResult, SettleResult } from './history';
export {
  applySettlements,
  contentSha256Of,
  isBaseAlready,
  listRevisions,
  recordRevision,
  settleByRevision,
} from './history';
export type { PatchFile } from './patch-file';
export { parsePatch, readPatchFile } from './patch-file';
export { patchContentSha256 } from './content-sha';
export { rescore, rescoreFile } from './rescore';
export { reviewPatch } from './review';
