// The import (design.md §4): paths in, records written in one transaction,
// disputes derived. Also the store's worker thread, which the search reads
// texts on and the builds bundle beside their own code. Everything else in
// this folder is internal, but for the indexes an import builds after writing,
// which the bench's bound on the import's writes defers the same way.
export { deferCellIndex, deferQueueIndexes } from './deferred-index';
export type { ImportOptions } from './import-paths';
export { importPaths } from './import-paths';
export type { SearchTextsMessage, SearchTextsRequest } from './thread/protocol';
export { BUNDLED_WORKER, WORKER_BUNDLE_OPTIONS, startWorker, threadScript, workerEntry } from './thread/script';
