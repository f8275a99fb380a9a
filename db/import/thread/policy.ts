// When an import starts its worker thread: only where the work it takes off
// the importer's thread outweighs starting it (about 0.1 s, plus bundling it
// once per process when running from source).
import { DerivationThread } from './deriver';
import { RunReaderThread } from './run-reader';
import { threadScript } from './script';

/** `auto` (the default) uses the thread for large imports; tests force either way. */
export type ThreadMode = 'auto' | 'always' | 'never';

/** Run tasks to parse (in-thread: about 0.4 ms each) below which reading stays in the importer's thread. */
export const READER_THREAD_MIN_TASKS = 1000;
/** Tasks to derive (in-thread: about 5 ms each at full scale) below which derivation stays. */
export const DERIVATION_THREAD_MIN_TASKS = 100;

function wanted(mode: ThreadMode | undefined, amount: number, minimum: number): boolean {
  return mode === 'always' || (mode !== 'never' && amount >= minimum);
}

export function runReaderFor(
  mode: ThreadMode | undefined,
  runTasksToParse: number,
  sealSecret: string,
): RunReaderThread | null {
  const script = wanted(mode, runTasksToParse, READER_THREAD_MIN_TASKS) ? threadScript() : null;
  return script ? new RunReaderThread(script, sealSecret) : null;
}

export function deriverFor(mode: ThreadMode | undefined, tasks: number, sealSecret: string): DerivationThread | null {
  const script = wanted(mode, tasks, DERIVATION_THREAD_MIN_TASKS) ? threadScript() : null;
  return script ? new DerivationThread(script, sealSecret) : null;
}
