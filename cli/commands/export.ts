// `export --revision TAG --out FILE …`: the settled rulings as an atlas-gold-patch/1 file.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { leftOutLines } from '../../db/export';
import { checkOutputTarget, patchOutput, storeInputs } from '../../db/output-guard';
import { runJob } from '../../db/run-job';
import { dbPathOf, parseCommand, positionals, validateInput, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator export --revision TAG --out FILE [--base-revision TAG]
                                [--dataset FILE] [--overwrite] [--plaintext] [--json] [--db FILE]

Writes the settled rulings as an atlas-gold-patch/1 file, atomically and
deterministically (same store, same bytes). Values, entity names, aliases and
evidence URLs are encrypted with each task's canary unless --plaintext is given.
Rulings that leave gold exactly as it is add no operation. --out may replace
an earlier export of the same revision; any other existing file is refused
unless --overwrite is given, and the store or a dataset never. Before writing,
it names the disputes the patch leaves out (in conflict, or open with rulings
that do not settle them yet) and counts the open ones nobody ruled on; --json
carries them as "left_out".

  --revision TAG        the revision this patch makes, e.g. v1.1
  --out FILE            where to write the patch
  --base-revision TAG   the revision it applies to (default: the imported dataset's)
  --dataset FILE        the base dataset file, for base_sha256 (one this store imported)
  --overwrite           replace an existing --out that is not a patch for this revision
  --plaintext           write values readable (do not commit such a file publicly)

${COMMON_HELP}
`;

const FLAGS = {
  revision: '--revision',
  out: '--out',
  baseRevision: '--base-revision',
  dataset: '--dataset',
  plaintext: '--plaintext',
  overwrite: '--overwrite',
};

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('export', argv, {
    revision: { type: 'string' },
    out: { type: 'string' },
    'base-revision': { type: 'string' },
    dataset: { type: 'string' },
    plaintext: { type: 'boolean' },
    overwrite: { type: 'boolean' },
  });
  positionals('export', given, []);
  if (values.revision === undefined) throw new UsageError('export: missing --revision TAG');
  if (values.out === undefined) throw new UsageError('export: missing --out FILE');
  const out = resolve(ctx.cwd, values.out);
  const dataset = values.dataset !== undefined ? resolve(ctx.cwd, values.dataset) : undefined;
  if (!existsSync(dirname(out)) || !statSync(dirname(out)).isDirectory())
    throw new CliError(`export: --out: no such directory: ${dirname(out)}`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new CliError(`export: --out: is a directory: ${out}`);
  if (dataset !== undefined && !existsSync(dataset)) throw new CliError(`export: --dataset: no such file: ${dataset}`);
  const input = validateInput(
    'export',
    'exportPatch',
    {
      revision: values.revision,
      out,
      ...(values['base-revision'] !== undefined ? { baseRevision: values['base-revision'] } : {}),
      ...(dataset !== undefined ? { dataset } : {}),
      plaintext: values.plaintext === true,
      overwrite: values.overwrite === true,
    },
    FLAGS,
  );
  const dbPath = dbPathOf(values.db, ctx);
  return withService(ctx, { dbPath, mustExist: true }, async (service) => {
    // The service checks this too; here the refusal names the flags. The store and every dataset it
    // imported come first: --overwrite never replaces them, so a refusal must not suggest it.
    checkOutputTarget(out, {
      labels: { out: '--out', overwrite: '--overwrite' },
      inputs: [
        ...storeInputs(service.store),
        ...(dataset !== undefined ? [['--dataset', dataset] as [string, string]] : []),
      ],
      overwrite: input.overwrite === true,
      ...patchOutput(input.revision),
    });
    // Named before anything is written: the patch ships without these.
    const leftOut = leftOutLines(await service.exportLeftOut({}));
    if (!values.json) for (const line of leftOut) await write(ctx.stderr, `${line}\n`);
    const result = await runJob(service, 'export', () => service.exportPatch(input));
    if (values.json) {
      await writeJsonLine(ctx.stdout, result);
    } else {
      const how = result.encrypted ? 'encrypted' : 'PLAINTEXT';
      await write(
        ctx.stdout,
        `Wrote ${result.revision}: ${result.operations} operation${result.operations === 1 ? '' : 's'}, ${how}, to ${result.path}\nsha256 ${result.sha256}\n`,
      );
      for (const warning of result.warnings ?? []) await write(ctx.stderr, `warning: ${warning}\n`);
    }
    return EXIT.ok;
  });
}

export const exportCommand: Command = { help: HELP, run };
