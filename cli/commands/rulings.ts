// `rulings export --out FILE` / `rulings import FILE...`: ruling logs shared between engineers.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkOutputTarget, RULING_LOG_OUTPUT, storeInputs } from '../../db/output-guard';
import { checkOutputFile } from '../../db/path-checks';
import { notARulingLog } from '../../db/rulings';
import { dbPathOf, parseCommand, positionals, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { plural } from '../format';
import { refusedRulingLines } from '../views/import-report';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator rulings export --out FILE [--overwrite] [--plaintext] [--db FILE]
       atlas-adjudicator rulings import FILE... [--json] [--db FILE]

export  writes every ruling of the store as a *.rulings.jsonl log: one ruling
        per line with its stable id and its dispute's natural key, sorted, the
        same bytes for the same rulings. Values, rationales and evidence are
        encrypted with each task's canary unless --plaintext is given.
        --out may replace an earlier ruling log; any other existing file
        is refused unless --overwrite is given, and the store or a dataset
        never.
import  merges logs from other engineers: the same log twice adds nothing, the
        order of logs does not matter, and a line that reuses an id with other
        content is refused (named by file:line). Rulings on disputes this store
        does not have yet are kept and attach when the dispute appears; an
        encrypted log needs its tasks' dataset imported first (each task's
        canary opens its values), else its lines are refused and named. A
        line keeps the entity of each gold row it names: when this store's
        gold has another entity at that row (a revision removed or moved
        rows), the line is refused, saying where the entity is now. The
        first 10 refused lines are listed, then a count of the rest; --json
        lists every one. The lines that fit merge either way; the exit
        status is 1 when any line was refused. A file whose first line is
        no ruling-log line (a judges file, a dataset) is refused whole, in
        one line naming it.

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const [action, ...rest] = argv;
  if (action === 'export') return exportLog(rest, ctx);
  if (action === 'import') return importLogs(rest, ctx);
  throw new UsageError(
    action === undefined
      ? "rulings: missing action ('export' or 'import')"
      : `rulings: unknown action '${action}' (expected 'export' or 'import')`,
  );
}

async function exportLog(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('rulings export', argv, {
    out: { type: 'string' },
    plaintext: { type: 'boolean' },
    overwrite: { type: 'boolean' },
  });
  positionals('rulings export', given, []);
  if (values.out === undefined) throw new UsageError('rulings export: missing --out FILE');
  const out = resolve(ctx.cwd, values.out);
  checkOutputFile(out, { label: '--out', expected: "the ruling log's file name, e.g. DIR/mia.rulings.jsonl" });
  const dbPath = dbPathOf(values.db, ctx);
  const overwrite = values.overwrite === true;
  return withService(ctx, { dbPath, mustExist: true }, async (service) => {
    // The service checks this too; here the refusal names the flags (the store and its datasets first: --overwrite never replaces them).
    checkOutputTarget(out, {
      labels: { out: '--out', overwrite: '--overwrite' },
      inputs: storeInputs(service.store),
      overwrite,
      ...RULING_LOG_OUTPUT,
    });
    const result = await service.exportRulings({ out, plaintext: values.plaintext === true, overwrite });
    if (values.json) await writeJsonLine(ctx.stdout, result);
    else
      await write(
        ctx.stdout,
        `Wrote ${plural(result.rulings, 'ruling')} to ${result.path}${values.plaintext ? ' (PLAINTEXT)' : ''}\n`,
      );
    return EXIT.ok;
  });
}

async function importLogs(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('rulings import', argv, {});
  if (given.length === 0) throw new UsageError('rulings import: missing FILE (a *.rulings.jsonl log)');
  const paths = given.map((path) => resolve(ctx.cwd, path));
  const absent = paths.find((path) => !existsSync(path));
  if (absent !== undefined) throw new CliError(`rulings import: no such file: ${absent}`);
  // Before the store is opened: a judges file or a dataset is refused in one line naming it.
  for (const path of paths) {
    const reason = notARulingLog(path);
    if (reason !== null) throw new CliError(`rulings import: ${reason}`);
  }
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: false }, async (service) => {
    const report = await service.importRulings({ paths });
    if (values.json) {
      await writeJsonLine(ctx.stdout, report);
    } else {
      const lines = [
        `Added ${plural(report.added, 'ruling')}, ${report.duplicates} already present, ${report.refused.length} refused`,
      ];
      lines.push(...refusedRulingLines(report.refused));
      await write(ctx.stdout, `${lines.join('\n')}\n`);
    }
    // Any refused line fails the command (after the rest merged): a script merging logs must notice a line that did not take.
    return report.refused.length > 0 ? EXIT.failure : EXIT.ok;
  });
}

export const rulingsCommand: Command = { help: HELP, run };
