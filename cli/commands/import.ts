// `import PATH... [--json]`: dataset files, run directories, *.cells.jsonl,
// *.judges.jsonl, ruling logs and GitHub issue JSON, auto-detected by the
// service, in one transaction.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFileSize } from '../../db/readers/file-size';
import { dbPathOf, parseCommand, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { CliError, EXIT, isAbortError, UsageError } from '../errors';
import { progressOn } from '../progress';
import {
  addedNothing,
  importReportJson,
  importReportText,
  logsRefusedWhole,
  refusedCount,
} from '../views/import-report';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator import PATH... [--replace-runs] [--max-file-size SIZE] [--json] [--db FILE]

Imports into the store, in one transaction, everything found under the paths:
dataset files (JSONL or Parquet), harness run directories, *.cells.jsonl,
*.judges.jsonl, ruling logs (*.rulings.jsonl) and GitHub issue JSON
(auto-detected). A task whose files are invalid is skipped whole and listed
in the report with file, field and reason; refused ruling lines and issues
are listed likewise. Importing the same sources again adds nothing.

A system is graded by one run: a run of a system the store already has is
refused, by name, unless --replace-runs is given; then it replaces the
store's run of that system (a re-grade), and the report names both.

A dataset that is a revision this store exported becomes the new base and
settles the disputes its patch carried: known by its hash when apply ran with
this store, else by its gold (it shows every change of the patch, and the
patch file is still where it was exported). The report says which.

Files larger than SIZE (such as 64M, 1G or a number of bytes) are refused
with a message; the default is $ATLAS_ADJUDICATOR_MAX_FILE_SIZE, else 64M.

A PATH naming a file (or a run directory) that cannot be read in full fails
the whole import, naming it; what is found inside a folder PATH and cannot be
read is listed in the report and skipped.

Exit status: 0 when the import completed (even with skipped tasks); 1 when
nothing could be imported (an empty store stayed empty, or every ruling and
issue given was refused), when a named file cannot be read, or on a fatal
error (the store is then unchanged);
130 when interrupted with Ctrl+C (the store is unchanged). A store the
import would have created is not left behind when it fails.

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommand('import', argv, {
    'max-file-size': { type: 'string' },
    'replace-runs': { type: 'boolean' },
  });
  let maxFileBytes: number | undefined;
  if (values['max-file-size'] !== undefined) {
    const parsed = parseFileSize(values['max-file-size']);
    if (parsed === null)
      throw new UsageError(
        `import: --max-file-size ${JSON.stringify(values['max-file-size'])}: expected a size such as 64M, 1G or a number of bytes`,
      );
    maxFileBytes = parsed;
  }
  if (positionals.length === 0)
    throw new UsageError(
      'import: missing PATH (a dataset file, run directory, *.cells.jsonl, *.judges.jsonl, *.rulings.jsonl or issue JSON)',
    );
  const paths = positionals.map((p) => resolve(ctx.cwd, p));
  const absent = paths.find((p) => !existsSync(p));
  if (absent !== undefined) throw new CliError(`import: no such file or directory: ${absent}`);

  const dbPath = dbPathOf(values.db, ctx);
  // A store this command creates and then imports nothing into is removed again: a failed or
  // cancelled first import leaves no empty store behind to be taken for a real one.
  const created = !existsSync(dbPath);
  const outcome = { added: false };
  // Listening before the store is opened: Ctrl+C while it is created or migrated cancels like any other.
  const controller = new AbortController();
  const stopListening = ctx.onSignal(['SIGINT', 'SIGTERM'], () => controller.abort());
  try {
    return await importInto(ctx, dbPath, paths, values, maxFileBytes, controller.signal, outcome);
  } catch (error) {
    // Only a store that holds nothing: a failure after a good import (a closed pipe on stdout) keeps it.
    if (created && !outcome.added) removeStoreFiles(dbPath);
    throw error;
  } finally {
    stopListening();
  }
}

function removeStoreFiles(dbPath: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbPath}${suffix}`, { force: true });
}

async function importInto(
  ctx: CliContext,
  dbPath: string,
  paths: string[],
  values: { json?: boolean | undefined; 'replace-runs'?: boolean | undefined },
  maxFileBytes: number | undefined,
  signal: AbortSignal,
  outcome: { added: boolean },
): Promise<number> {
  return withService(ctx, { dbPath, mustExist: false }, async (service) => {
    const before = await service.getInfo({});
    const progress = progressOn(ctx.stderr, 'import');
    let report;
    try {
      signal.throwIfAborted();
      report = await service.importPaths(paths, {
        signal,
        onProgress: (d, t, m) => progress.update(d, t, m),
        replaceRuns: values['replace-runs'] === true,
        ...(maxFileBytes !== undefined ? { maxFileBytes } : {}),
      });
    } catch (err) {
      if (signal.aborted || isAbortError(err))
        throw new CliError('import cancelled; the store is unchanged', EXIT.interrupted);
      throw err;
    } finally {
      progress.clear();
    }

    outcome.added = !addedNothing(report);
    if (values.json) await writeJsonLine(ctx.stdout, importReportJson(report));
    else await write(ctx.stdout, importReportText(report));

    // "Nothing could be imported": the store was empty and still holds nothing.
    // (Into a non-empty store, zero counts are indistinguishable from a re-import, which must succeed.)
    if (addedNothing(report) && before.tasks === 0 && before.runs === 0) {
      const refused = refusedCount(report);
      const onlyTasks = refused === report.skipped.length;
      const why =
        refused === 0
          ? 'no dataset, run directory, *.cells.jsonl, *.judges.jsonl, *.rulings.jsonl or issue JSON found'
          : `every ${onlyTasks ? 'task was skipped' : 'item was refused'} (${refused} in the report)`;
      throw new CliError(`import: nothing could be imported: ${why}`);
    }
    // Ruling logs and issue files carry no tasks, so a re-import cannot explain them being refused whole.
    if (logsRefusedWhole(report))
      throw new CliError(
        `import: nothing could be imported: every ruling and report was refused (${refusedCount(report)} in the report)`,
      );
    return EXIT.ok;
  });
}

export const importCommand: Command = { help: HELP, run };
