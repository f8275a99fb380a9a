// Export (design.md §7.1): settled disputes as a gold patch, its draft, and
// what it leaves out. What the service and the CLI call; everything else in
// this folder is internal.
export { checkBaseDataset } from './base-dataset';
export { draftPatch } from './draft-patch';
export { exportPatchJob } from './export-patch';
export { leftOutDisputes, leftOutLines } from './left-out';
