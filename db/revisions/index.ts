// Tagged revisions (design.md §6–7): what the service, the CLI, the import and
// the export call. Everything else in this folder is internal.
export type { ApplyOptions } from './apply';
export { applyPatch } from './apply';
export { applyAndRecord } from './apply-and-record';
export { checkApplyPaths } from './apply-paths';
export { tasksBehindBase } from './behind-base';
export { renderChangelog } from './changelog';
export type { ChangelogOptions } from './changelog';
export { loadDatasetFile } from './dataset-file';
export { DatasetFormatError, PatchFormatError, PatchMismatchError, RevisionConflictError } from './errors';
export { goldContentSha256, recordStoreGoldContent, storeGoldContent } from './gold-content';
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
export type { ImportedDataset } from './recognise';
export { recogniseRevisionOutput } from './recognise';
export { rescore, rescoreFile } from './rescore';
export { reviewPatch } from './review';
