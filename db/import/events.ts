import type { SkippedItem } from '../../shared/api-types';
import type { DatasetTask, JudgeOpinionRecord, RunTaskRecord } from '../readers';
import type { PreparedRunTask } from './prepared-run-task';

/** What a source yields to the importer, in order, one task at a time. */
export type ImportEvent =
  | { type: 'dataset'; sha256: string; path: string; format: 'jsonl' | 'parquet' }
  | { type: 'task'; task: DatasetTask }
  | { type: 'runTask'; record: RunTaskRecord }
  /** Read and prepared on the reader thread. */
  | { type: 'preparedRunTask'; record: PreparedRunTask }
  | { type: 'judge'; opinion: JudgeOpinionRecord }
  | { type: 'skipped'; item: SkippedItem };
