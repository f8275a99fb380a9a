// The input readers (design.md §4): file formats in, validated plain records out.
export { readCellsFile } from './cells-jsonl';
export type { CellsSource } from './cells-jsonl';
export { readDataset } from './dataset';
export type { DatasetSource } from './dataset';
export { detectSource, expandPaths } from './detect';
export type { DetectedSource } from './detect';
export { ReaderError, describeZodError, formatPath, skippedFrom } from './errors';
export { DEFAULT_MAX_FILE_BYTES } from './files';
export { parseGold } from './gold';
export { readHarnessRun } from './harness-run';
export type { RunSource } from './harness-run';
export { readJudgeOpinions } from './judges-jsonl';
export type * from './types';
