// `rulings export --out FILE` / `rulings import FILE...`: ruling logs shared between engineers.
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { resolve } from 'node:path';
import { checkOutputTarget, isRulingLog } from '../../db/output-guard';
import { checkOutputFile } from '../../db/path-checks';
import { RULING_LOG_FORMAT } from '../../db/rulings/log-format';
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
  throw new UsageError(action === undefined ? "rulings: missing action ('export' or 'import')" : `rulings: unknown action '${action}' (expected 'export' or 'import')`);
}

async function exportLog(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('rulings export', argv, { out: { type: 'string' }, plaintext: { type: 'boolean' }, overwrite: { type: 'boolean' } });
  positionals('rulings export', given, []);
  if (values.out === undefined) throw new UsageError('rulings export: missing --out FILE');
  const out = resolve(ctx.cwd, values.out);
  checkOutputFile(out, { label: '--out', expected: "the ruling log's file name, e.g. DIR/mia.rulings.jsonl" });
  const dbPath = dbPathOf(values.db, ctx);
  const overwrite = values.overwrite === true;
  // The service checks this too, and every dataset the store imported; here the refusal names the flags.
  checkOutputTarget(out, { labels: { out: '--out', overwrite: '--overwrite' }, inputs: [['the store', dbPath]], overwrite, ownKind: isRulingLog, writes: 'a ruling log' });
  return withService(ctx, { dbPath, mustExist: true }, async (service) => {
    const result = await service.exportRulings({ out, plaintext: values.plaintext === true, overwrite });
    if (values.json) await writeJsonLine(ctx.stdout, result);
    else await write(ctx.stdout, `Wrote ${plural(result.rulings, 'ruling')} to ${result.path}${values.plaintext ? ' (PLAINTEXT)' : ''}\n`);
    return EXIT.ok;
  });
}

async function importLogs(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('rulings import', argv, {});
  if (given.length === 0) throw new UsageError('rulings import: missing FILE (a *.rulings.jsonl log)');
  const paths = given.map((path) => resolve(ctx.cwd, path));
  const absent = paths.find((path) => !existsSync(path));
  if (absent !== undefined) throw new CliError(`rulings import: no such file: ${absent}`);
  for (const path of paths) refuseIfNotALog(path);
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: false }, async (service) => {
    const report = await service.importRulings({ paths });
    if (values.json) {
      await writeJsonLine(ctx.stdout, report);
    } else {
      const lines = [`Added ${plural(report.added, 'ruling')}, ${report.duplicates} already present, ${report.refused.length} refused`];
      lines.push(...refusedRulingLines(report.refused));
      await write(ctx.stdout, `${lines.join('\n')}\n`);
    }
    // Any refused line fails the command (after the rest merged): a script merging logs must notice a line that did not take.
    return report.refused.length > 0 ? EXIT.failure : EXIT.ok;
  });
}

/**
 * A file whose first line is no ruling-log line at all (a judges file, a
 * dataset) is refused in one line naming it, rather than one "format: …"
 * refusal per line. A real log with some bad lines keeps its per-line reasons.
 */
function refuseIfNotALog(path: string): void {
  const first = firstNonBlankLine(path);
  if (first === null) return;
  const text = first.text.replace(/^\uFEFF/u, '');
  let format: unknown;
  try {
    const parsed: unknown = JSON.parse(text);
    format = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>).format : undefined;
  } catch {
    // A damaged (or very long) line that still opens as a log line is the import's to refuse, by file:line.
    format = LOG_LINE_START.exec(text)?.[1];
  }
  if (typeof format === 'string' && format.startsWith(RULING_LOG_PREFIX)) return;
  throw new CliError(
    `rulings import: ${path}: not a ruling log (line ${first.line} has no "format": "${RULING_LOG_FORMAT}"); expected a *.rulings.jsonl file written by \`rulings export\``,
  );
}

const RULING_LOG_PREFIX = 'atlas-rulings/';
const LOG_LINE_START = /^\s*\{\s*"format"\s*:\s*"([^"]*)"/u;

/** The first line with text and its number (from 1), read a block at a time: a log may be large. Null for an empty file or a folder. */
function firstNonBlankLine(path: string): { line: number; text: string } | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const block = Buffer.alloc(64 * 1024);
    let pending = '';
    let line = 1;
    const decoder = new StringDecoder('utf8');
    for (;;) {
      const read = readSync(fd, block, 0, block.length, null);
      pending += read > 0 ? decoder.write(block.subarray(0, read)) : decoder.end();
      let end: number;
      while ((end = pending.indexOf('\n')) !== -1) {
        const text = pending.slice(0, end);
        if (text.trim() !== '') return { line, text };
        pending = pending.slice(end + 1);
        line += 1;
      }
      if (read === 0) return pending.trim() === '' ? null : { line, text: pending };
      // A first line this long is no ruling: enough is read to tell.
      if (pending.trim() !== '' && pending.length > MAX_FIRST_LINE) return { line, text: pending };
    }
  } catch {
    // A folder or an unreadable file: the import names it.
    return null;
  } finally {
    closeSync(fd);
  }
}

const MAX_FIRST_LINE = 16 * 1024 * 1024;

export const rulingsCommand: Command = { name: 'rulings', summary: 'export or import ruling logs (*.rulings.jsonl)', help: HELP, run };
