// The input readers (design.md §4): file formats in, validated plain records
// out, and the bounded file reading other folders share. Everything else in
// this folder is internal.
export { readCellsFile } from './cells-jsonl';
export type { CellsSource } from './cells-jsonl';
export { readDataset } from './dataset';
export type { DatasetSource } from './dataset';
export { detectSource, expandPaths } from './detect';
export type { DetectedSource } from './detect';
export { ReaderError, describeValue, describeZodError, formatPath, skippedFrom } from './errors';
export { MAX_FILE_SIZE_ENV, maxBytesOf, parseFileSize } from './file-size';
export { DEFAULT_MAX_FILE_BYTES, Pacer, decodeUtf8, humanSize, lineBytes, parseJson, readFileLimited } from './files';
export { parseGold } from './gold';
export { readHarnessRun } from './harness-run';
export type { RunSource } from './harness-run';
export { readJudgeOpinions } from './judges-jsonl';
/** Parquet's codecs, loaded when a Parquet file is read or written: most commands never need them. */
export const loadParquetCompressors = async () => (await import('./parquet-codecs')).parquetCompressors;
export { isPlainObject } from './schemas';
export type * from './types';
