// Where the import's worker thread comes from, and starting it. The Electron
// build ships it bundled beside main.js; from source (the CLI, the bridge,
// tests), Node 20 cannot give a worker thread tsx's loader, so the worker is
// bundled in memory with esbuild (tsx's own compiler), once per process.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ReaderError } from '../../readers';
import type { SerializedError } from './protocol';

/** What a Worker is started from: a file, or code it evaluates (CommonJS). */
export type ThreadScript = { file: URL } | { code: string };

/** The file the Electron build emits beside main.js (scripts/build-electron.ts). */
export const BUNDLED_WORKER = 'import-thread-worker.cjs';

const WORKER_SOURCE = 'worker.ts';

let compiled: string | null = null;

/** The worker's code: null when it cannot be had, and the import then does all its work in its own thread. */
export function threadScript(moduleUrl: string = import.meta.url): ThreadScript | null {
  try {
    if (!moduleUrl.endsWith('.ts')) return bundledScript(fileURLToPath(new URL(`./${BUNDLED_WORKER}`, moduleUrl)));
    compiled ??= bundleWorker(workerEntry(moduleUrl), moduleUrl);
    return { code: compiled };
  } catch {
    return null;
  }
}

interface EsbuildApi {
  buildSync(options: Record<string, unknown>): { outputFiles: { text: string }[] };
}

/** esbuild options for the worker: one self-contained CommonJS script (here and in the Electron build). */
export const WORKER_BUNDLE_OPTIONS = {
  bundle: true,
  // Native: the search's reads open the store with the copy of the host (dist-electron/node_modules for Electron).
  external: ['better-sqlite3'] as string[],
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
} as const;

/** The worker's source file, for a bundler. */
export function workerEntry(moduleUrl: string = import.meta.url): string {
  return fileURLToPath(new URL(`./${WORKER_SOURCE}`, moduleUrl));
}

/** The worker and what it imports as one script, in memory. */
export function bundleWorker(entry: string, moduleUrl: string = import.meta.url): string {
  // Loaded at run time only: never part of a bundle that ships its worker prebuilt.
  const esbuild = createRequire(moduleUrl)('esbuild') as EsbuildApi;
  const result = esbuild.buildSync({
    ...WORKER_BUNDLE_OPTIONS,
    entryPoints: [entry],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * The bundled worker beside main.js. A packaged app keeps it unpacked
 * (electron-builder.yml asarUnpack): a worker is started from a real file.
 */
export function bundledScript(path: string): ThreadScript | null {
  const unpacked = path.replace(/([\\/])app\.asar([\\/])/u, '$1app.asar.unpacked$2');
  if (unpacked !== path && existsSync(unpacked)) return { file: pathToFileURL(unpacked) };
  return existsSync(path) ? { file: pathToFileURL(path) } : null;
}

/** A worker running the script; its messages are the caller's to handle. */
export function startWorker(script: ThreadScript): Worker {
  return 'file' in script ? new Worker(script.file) : new Worker(script.code, { eval: true });
}

/** An error the worker sent, as the importer's thread would have thrown it. */
export function revive(error: SerializedError): Error {
  if (error.reader) return new ReaderError(error.reader.path, error.reader.field, error.reader.reason);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}
