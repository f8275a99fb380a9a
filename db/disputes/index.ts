// Disputes (design.md §5): derived from the graded cells, ranked once, their
// texts counted for the search. What the importer, queries, reports, revisions
// and the audit call; everything else in this folder is internal.
export { clusterValues, goldKeys } from './cluster';
export { writeTaskDisputes } from './derive';
export type { DerivedTask } from './derive-compute';
export { computeTaskDisputes } from './derive-compute';
export type { TaskDerivationInput } from './derive-input';
export { readTaskInput } from './derive-input';
export { rankDisputes } from './rank';
export type { StoredDisputeText, TaskSearchTexts } from './search-texts';
export {
  openTaskSearchTexts,
  readTaskSearchTextsFromSource,
  refreshAllSearchTexts,
  STORED_TEXT_COLUMNS,
  storedDisputeSearchText,
} from './search-texts';
export { GoldAsRecorded, Regrader } from './regrade';
export { decodeSystems, encodeSystems, systemNeedle } from './systems-column';
export { disputeTextsStamp, raiseDisputeTextsGeneration } from './text-generation';
