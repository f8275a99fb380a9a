// The import's worker thread. For a readRun request (run-reader.ts) it reads
// a run directory with the same reader the importer uses in its own thread
// and posts the prepared task records back in batches, never more than WINDOW
// ahead of the importer; while the importer waits for records, their cells'
// texts go unsealed for it to seal (HANDOFF_LAG). For a derive request
// (deriver.ts) it derives one task's disputes from what the importer read for
// it: plain data in, plain data out. For a searchTexts request
// (queries/search-build.ts) it reads the search index's texts through its own
// read-only connection to the store.
import { parentPort } from 'node:worker_threads';
// The worker is bundled on its own (script.ts): it imports the modules it runs, not
// their folders' entry modules, so its bundle holds no more than it runs.
// eslint-disable-next-line local/no-deep-import
import { computeTaskDisputes } from '../../disputes/derive-compute';
import { Sealer } from '../../seal';
// eslint-disable-next-line local/no-deep-import
import { ReaderError } from '../../readers/errors';
// eslint-disable-next-line local/no-deep-import
import { readHarnessRun } from '../../readers/harness-run';
import { RunTaskPreparer } from '../prepared-run-task';
import type { PreparedRunTask } from '../prepared-run-task';
import type { ReaderItem } from '../../readers';
import { BATCH, CONSUMED, HANDOFF_LAG, STOP, WINDOW } from './protocol';
import type {
  DeriveRequest,
  DeriverMessage,
  ReaderMessage,
  ReadRunRequest,
  SearchTextsMessage,
  SearchTextsRequest,
  SerializedError,
  WorkerRequest,
} from './protocol';
// eslint-disable-next-line local/no-deep-import
import { readPackedSearchTexts } from '../../queries/search-texts-thread';

const port = parentPort;
if (!port) throw new Error('db/import/thread/worker.ts runs only as a worker thread');

const post = (message: ReaderMessage | DeriverMessage): void => port.postMessage(message);

function serialize(error: unknown): SerializedError {
  if (error instanceof ReaderError)
    return {
      name: error.name,
      message: error.message,
      reader: { path: error.path, field: error.field, reason: error.reason },
    };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/**
 * Blocks this thread until the importer has room for a whole batch (not one
 * record, which would send one-record messages from then on); false when told
 * to stop.
 */
function waitForRoom(flow: Int32Array, produced: number): boolean {
  for (;;) {
    if (Atomics.load(flow, STOP) !== 0) return false;
    const consumed = Atomics.load(flow, CONSUMED);
    if (produced - consumed <= WINDOW - BATCH) return true;
    Atomics.wait(flow, CONSUMED, consumed, 1000);
  }
}

async function readRun(request: ReadRunRequest): Promise<void> {
  const flow = new Int32Array(request.flow);
  const known = request.known ? new Map(request.known) : null;
  const run = await readHarnessRun(request.dir, {
    maxFileBytes: request.maxFileBytes,
    knownTasks: known ? () => known : undefined,
  });
  post({ type: 'header', run: run.runs[0]!, taskCount: run.taskCount });
  let produced = 0;
  const preparer = new RunTaskPreparer(request.sealSecret);
  let batch: ReaderItem<PreparedRunTask>[] = [];
  const flush = (): void => {
    if (batch.length > 0) post({ type: 'items', items: batch });
    batch = [];
  };
  for await (const item of run.tasks) {
    const sent = produced - batch.length;
    const importerWaiting = sent - Atomics.load(flow, CONSUMED) <= HANDOFF_LAG;
    batch.push('ok' in item ? { ok: preparer.prepare(item.ok, !importerWaiting) } : item);
    produced++;
    if (batch.length >= BATCH) flush();
    if (produced - Atomics.load(flow, CONSUMED) >= WINDOW) {
      // The importer can only make room once it has what was read so far.
      flush();
      if (!waitForRoom(flow, produced)) return;
    }
  }
  flush();
  post({ type: 'done' });
}

let sealer: Sealer | null = null;

function derive(request: DeriveRequest): void {
  if (sealer?.secret !== request.sealSecret) sealer = new Sealer(request.sealSecret);
  try {
    post({ type: 'derived', derived: computeTaskDisputes(request.input, sealer) });
  } catch (error) {
    post({ type: 'error', error: serialize(error) });
  }
}

async function searchTexts(request: SearchTextsRequest): Promise<void> {
  try {
    const texts = await readPackedSearchTexts(request.dbPath, request.sealSecret);
    const reply: SearchTextsMessage = { type: 'searchTexts', texts };
    port!.postMessage(
      reply,
      texts.parts.flatMap((part) => [part.rowids.buffer, part.ends.buffer]),
    );
  } catch (error) {
    port!.postMessage({ type: 'error', error: serialize(error) } satisfies SearchTextsMessage);
  }
}

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'derive') derive(request);
  else if (request.type === 'searchTexts') void searchTexts(request);
  else readRun(request).catch((error: unknown) => post({ type: 'error', error: serialize(error) }));
});
