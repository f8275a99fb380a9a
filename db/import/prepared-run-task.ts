// A run task's record as the writer inserts it: every text that may repeat
// gold already sealed, entity keys computed, identifiers well-formed, rows and
// cells as flat arrays of column values. Preparing is pure (no store), so the
// reader thread does it for run directories and sends the result (strings and
// numbers in two arrays cross threads far cheaper than the nested records);
// flat cell files are prepared in the importer's thread. Same bytes either way.
// The reader thread may leave the cells' texts for the importer to seal
// (openTexts, sealCellTexts) when the importer is idle: the writer takes a
// record only once every text is sealed.
import type { RunHeader, RunTaskRecord } from '../readers';
import { Sealer } from '../seal';
import { entityKey } from '../entity-key';
import { SealCache } from './seal-cache';
import { lastPerColumn, wellFormed } from './well-formed';

type Value = string | number | null;

/** run_rows columns after (run_id, task_id), in this order. */
export const ROW_WIDTH = 6; // seq, gold_row, response_row, response_entity_s, entity_key, aligned_by
/** system_cells columns after (run_id, task_id), in this order. */
export const CELL_WIDTH = 10; // seq, gold_row, column_name, gold_s, response_s, response_empty, verdict, method, sources_s, reasoning_s

export interface PreparedRunTask {
  run: RunHeader;
  /** Well-formed. */
  task_id: string;
  state: RunTaskRecord['state'];
  content_sha: string;
  path: string;
  scores: RunTaskRecord['scores'];
  returned_rows: number | null;
  unchanged?: true;
  /**
   * Set while the cells' texts (gold, response, sources as JSON, reasoning)
   * are still plain: the reader thread may leave sealing them to the
   * importer (sealCellTexts), which the writer requires first.
   */
  openTexts?: true;
  /** ROW_WIDTH values per row. */
  rows: Value[];
  /** CELL_WIDTH values per cell. */
  cells: Value[];
}

/** Offsets in a cell's CELL_WIDTH values of the texts sealed for the store. */
const GOLD = 3;
const RESPONSE = 4;
const SOURCES = 8;
const REASONING = 9;

export class RunTaskPreparer {
  private readonly seals: SealCache;
  // The same entity names come back from every system: normalise and hash each once.
  private readonly entityKeys = new Map<string, string>();

  constructor(sealer: Sealer | string) {
    this.seals = new SealCache(typeof sealer === 'string' ? new Sealer(sealer) : sealer);
  }

  /**
   * `sealTexts` false leaves the cells' texts plain (openTexts) for
   * sealCellTexts: the reader thread hands sealing to the importer when the
   * importer is waiting for records, so the two threads share the work.
   */
  prepare(record: RunTaskRecord, sealTexts = true): PreparedRunTask {
    const seals = this.seals;
    const rows: Value[] = [];
    const cells: Value[] = [];
    record.rows.forEach((row, seq) => {
      const entity = row.response_entity ?? row.gold_entity ?? null;
      rows.push(
        seq,
        row.gold_row,
        row.response_row,
        seals.seal(entity),
        entity === null ? null : this.entityKey(entity),
        row.aligned_by,
      );
      for (const cell of lastPerColumn(row.cells)) {
        cells.push(
          seq,
          row.gold_row,
          wellFormed(cell.column),
          sealTexts ? seals.seal(cell.gold) : cell.gold,
          sealTexts ? seals.seal(cell.response) : cell.response,
          cell.response.trim() === '' ? 1 : 0,
          cell.verdict,
          cell.method,
          sealTexts ? seals.sealList(cell.sources) : JSON.stringify(cell.sources),
          sealTexts ? seals.seal(cell.reasoning) : cell.reasoning,
        );
      }
    });
    const prepared: PreparedRunTask = {
      run: record.run,
      task_id: wellFormed(record.task_id),
      state: record.state,
      content_sha: record.content_sha,
      path: record.path,
      scores: record.scores,
      returned_rows: record.returned_rows,
      rows,
      cells,
    };
    if (record.unchanged) prepared.unchanged = true;
    if (!sealTexts && cells.length > 0) prepared.openTexts = true;
    return prepared;
  }

  /** Seals the texts prepare left plain, in place: the same values prepare(record, true) gives. */
  sealCellTexts(prepared: PreparedRunTask): PreparedRunTask {
    if (!prepared.openTexts) return prepared;
    const { cells } = prepared;
    const seals = this.seals;
    for (let i = 0; i < cells.length; i += CELL_WIDTH) {
      cells[i + GOLD] = seals.seal(cells[i + GOLD] as string | null);
      cells[i + RESPONSE] = seals.seal(cells[i + RESPONSE] as string);
      cells[i + SOURCES] = seals.seal(cells[i + SOURCES] as string);
      cells[i + REASONING] = seals.seal(cells[i + REASONING] as string | null);
    }
    delete prepared.openTexts;
    return prepared;
  }

  private entityKey(name: string): string {
    let key = this.entityKeys.get(name);
    if (key === undefined) {
      if (this.entityKeys.size >= 20_000) this.entityKeys.clear();
      key = entityKey(name);
      this.entityKeys.set(name, key);
    }
    return key;
  }
}
