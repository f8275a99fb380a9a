// `apply --dataset FILE --patch FILE --out FILE`: the revised dataset and its changelog.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ApplyInput } from '../../shared/api';
import type { ApplyRefusal, JobStatus } from '../../shared/api-types';
import type { ApplyResult } from '../../shared/revision-types';
import { applyPatch, checkApplyPaths, PatchMismatchError } from '../../db/revisions';
import { dbPathOf, parseCommand, positionals, validateInput, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { plural } from '../format';
import { followJob } from '../job';
import { progressOn } from '../progress';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator apply --dataset FILE --patch FILE --out FILE
                               [--changelog FILE] [--overwrite] [--plaintext] [--json] [--db FILE]

Applies an atlas-gold-patch/1 file (encrypted or plain) to a dataset file
(JSONL or Parquet). Checks base_sha256 against the file (or, for the base in
its other format, base_gold_sha256 against the gold it ships) and every
operation's "from" against the decrypted gold; on any mismatch the whole patch is refused
and every mismatching operation is listed (values only with --plaintext).
Writes the revised dataset in the input's format, fields re-encrypted with each
task's canary, untouched rows byte-identical, atomically; and CHANGELOG.md
(row, column, operation, linked issues; no gold values) with --changelog.
--out and --changelog are files (not folders), each distinct from the others
and from --dataset and --patch: the base dataset is never overwritten. An
--out or --changelog that already exists is refused unless --overwrite is given.
When the store exists, it records the revised dataset, so importing it later
as the new base marks the disputes the patch settled as resolved; a --db that
names no store is refused. Applied without a store, the revised dataset is
still known by its gold to the store that exported the patch, as long as the
patch file stays where it was exported.

${COMMON_HELP}
`;

/** Problems are named by the flag the user typed. */
const FLAGS = {
  dataset: '--dataset',
  patch: '--patch',
  out: '--out',
  changelog: '--changelog',
  overwrite: '--overwrite',
};

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('apply', argv, {
    dataset: { type: 'string' },
    patch: { type: 'string' },
    out: { type: 'string' },
    changelog: { type: 'string' },
    plaintext: { type: 'boolean' },
    overwrite: { type: 'boolean' },
  });
  positionals('apply', given, []);
  for (const flag of ['dataset', 'patch', 'out'] as const)
    if (values[flag] === undefined) throw new UsageError(`apply: missing --${flag} FILE`);
  const paths = {
    dataset: resolve(ctx.cwd, values.dataset!),
    patch: resolve(ctx.cwd, values.patch!),
    out: resolve(ctx.cwd, values.out!),
    changelog: values.changelog === undefined ? undefined : resolve(ctx.cwd, values.changelog),
    overwrite: values.overwrite === true,
  };
  // Before the store is opened or the patch read: a wrong path costs nothing.
  checkApplyPaths(paths, FLAGS);
  const dbPath = dbPathOf(values.db, ctx);
  // Without a store the revised dataset is recorded nowhere: said for the default store, refused for a --db that names none.
  const recording = existsSync(dbPath);
  if (!recording && values.db !== undefined) {
    throw new CliError(
      `--db: no store at ${dbPath}; leave --db out to apply without recording the revised dataset in a store`,
    );
  }
  const input = validateInput(
    'apply',
    'applyPatch',
    {
      dataset: paths.dataset,
      patch: paths.patch,
      out: paths.out,
      ...(paths.changelog === undefined ? {} : { changelog: paths.changelog }),
      plaintext: values.plaintext === true,
      overwrite: paths.overwrite,
    },
    FLAGS,
  );
  const outcome = recording
    ? await withService(ctx, { dbPath, mustExist: true }, async (service) =>
        outcomeOf(await followJob(ctx, service, 'apply', (await service.applyPatch(input)).jobId)),
      )
    : await applyWithoutStore(input, ctx);
  if ('refusal' in outcome) {
    if (outcome.refusal && values.json)
      await writeJsonLine(ctx.stdout, { base: outcome.refusal.base, mismatches: outcome.refusal.mismatches });
    throw outcome.error;
  }
  const { result } = outcome;
  if (values.json) {
    await writeJsonLine(ctx.stdout, result);
  } else {
    const lines = [
      `Wrote ${result.revision} (${result.format}) to ${result.out}: ${plural(result.operations.total, 'operation')} on ${result.tasks.changed.toLocaleString('en-US')} of ${plural(result.tasks.total, 'task')}`,
      `sha256 ${result.sha256}`,
    ];
    if (!result.base_verified)
      lines.push('warning: the patch names no base_sha256; only the operations\' "from" values were checked');
    if (result.base_form === 'gold')
      lines.push(
        `note: ${result.format === 'parquet' ? 'Parquet' : 'JSONL'} form of the patch's base dataset: the same gold, checked by base_gold_sha256`,
      );
    if (result.superseded.length > 0) {
      lines.push(
        `note: ${plural(result.superseded.length, 'operation')} on removed rows ${result.superseded.length === 1 ? 'was' : 'were'} moot`,
      );
    }
    if (result.changelog) lines.push(`Changelog: ${result.changelog}`);
    lines.push(
      recording
        ? `Recorded in the store ${dbPath}: importing the revised dataset there settles ${result.revision}`
        : `Recorded in no store (none at ${dbPath}): the store that exported the patch knows the revised dataset by its gold when it imports it, while the patch file stays where it was exported`,
    );
    await write(ctx.stdout, `${lines.join('\n')}\n`);
  }
  return EXIT.ok;
}

/** The revised dataset, or the error to exit with and, for a patch that does not fit, what did not. */
type ApplyOutcome = { result: ApplyResult } | { error: Error; refusal: ApplyRefusal | undefined };

const CANCELLED = 'apply cancelled; no output was written';

/** The service's apply job, which records the revised dataset in the store, as it ended. */
function outcomeOf(job: JobStatus): ApplyOutcome {
  if (job.state === 'done' && job.apply) return { result: job.apply };
  if (job.state === 'cancelled') return { error: new CliError(CANCELLED, EXIT.interrupted), refusal: undefined };
  return { error: new CliError(`apply: ${job.error ?? job.message}`), refusal: job.refusal };
}

/** Without a store there is no service: the patch is applied here, and recorded nowhere. */
async function applyWithoutStore(input: ApplyInput, ctx: CliContext): Promise<ApplyOutcome> {
  const controller = new AbortController();
  const stopListening = ctx.onSignal(['SIGINT', 'SIGTERM'], () => controller.abort());
  const progress = progressOn(ctx.stderr, 'apply');
  try {
    const result = await applyPatch({
      ...input,
      changelog: input.changelog ?? null,
      signal: controller.signal,
      onProgress: (done: number, total: number, phase: string) => progress.update(done, total, phase),
    });
    return { result };
  } catch (error) {
    if (controller.signal.aborted) return { error: new CliError(CANCELLED, EXIT.interrupted), refusal: undefined };
    if (error instanceof PatchMismatchError)
      return { error, refusal: { base: error.base, mismatches: [...error.mismatches] } };
    throw error;
  } finally {
    progress.clear();
    stopListening();
  }
}

export const applyCommand: Command = { help: HELP, run };
