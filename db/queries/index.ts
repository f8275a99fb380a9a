// Queries (one module per feature): the queue, a dispute's detail, the
// overview, the search. What the service, the CLI and the import's worker
// thread call; everything else in this folder is internal.
export { disputeDetails, getDisputeDetail } from './detail';
export { namedDispute } from './dispute-name';
export type { DisputeRecord } from './dispute-records';
export { disputeRecords } from './dispute-records';
export { searchNeedle } from './filter-sql';
export { listDisputes, locateDispute } from './list';
export { facets, statusCounts, storeTotals } from './overview';
export { prewarmSearch, whenSearchReady } from './search-build';
export type { PackedSearchTexts } from './search-texts-thread';
export { readPackedSearchTexts } from './search-texts-thread';
