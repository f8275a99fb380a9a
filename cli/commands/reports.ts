// `reports import|list|link|reply`: users' gold-error reports from GitHub.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { dbPathOf, integerOption, parseCommand, positionals, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { inline, plural, table } from '../format';
import { followJob } from '../job';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator reports import FILE... | --repo OWNER/NAME [--label L] [--json] [--db FILE]
       atlas-adjudicator reports list [--unlinked] [--json] [--db FILE]
       atlas-adjudicator reports link ISSUE_NUMBER DISPUTE_ID [--repo OWNER/NAME] [--json] [--db FILE]
       atlas-adjudicator reports reply ISSUE_NUMBER [--revision TAG] [--repo OWNER/NAME] [--json] [--db FILE]

import  reads saved GitHub issues (a GET /repos/{owner}/{repo}/issues response,
        an array of such pages, or \`gh issue list --json number,title,body,url,
        author,labels,state,createdAt\` output), or fetches them live with
        --repo (token from GITHUB_TOKEN; follows Link pagination, waits out or
        stops at the rate limit, skips pull requests). Re-importing updates
        edited or closed issues and duplicates nothing; a copy older (by
        updated_at) than the stored one is kept out and counted unchanged.
        Each report is parsed (task id, row, column, proposed value, links)
        and attached to the dispute for that cell or row, or to a new report
        dispute.
list    one line per report: number, title, task, row, column (exact name),
        dispute, confidence; the table counts rows from 1 as reporters do.
        A report linked by hand shows its dispute's task, row and column, and
        "(by hand)" beside the dispute.
        With --json: number, title, url, task_id, row (the 0-based gold row
        index), column, dispute_id, confidence; null when unparsed; also
        manual_link and parsed_task_id, parsed_row, parsed_column (what the
        parser found, whatever the report is linked to).
link    attaches a report to a dispute by hand.
reply   prints a draft answer for the reporter (never quotes gold or the question).
        --revision TAG says the fix shipped in TAG, which must be in this store's
        revision history (see 'atlas-adjudicator revisions') and change gold
        for the report's dispute; without it, a confirmed fix "will ship in
        the next tagged dataset revision".

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const [action, ...rest] = argv;
  switch (action) {
    case 'import':
      return importReports(rest, ctx);
    case 'list':
      return listReports(rest, ctx);
    case 'link':
      return linkReport(rest, ctx);
    case 'reply':
      return reply(rest, ctx);
    default:
      throw new UsageError(
        action === undefined
          ? "reports: missing action ('import', 'list', 'link' or 'reply')"
          : `reports: unknown action '${action}' (expected import, list, link or reply)`,
      );
  }
}

async function importReports(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: files } = parseCommand('reports import', argv, {
    repo: { type: 'string' },
    label: { type: 'string' },
  });
  if (files.length === 0 && values.repo === undefined)
    throw new UsageError('reports import: give FILE... or --repo OWNER/NAME');
  if (files.length > 0 && values.label !== undefined)
    throw new UsageError('reports import: --label applies to --repo (live) imports only');
  const paths = files.map((file) => resolve(ctx.cwd, file));
  const absent = paths.find((path) => !existsSync(path));
  if (absent !== undefined) throw new CliError(`reports import: no such file: ${absent}`);
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: false }, async (service) => {
    const input =
      paths.length > 0
        ? { paths, ...(values.repo ? { repo: values.repo } : {}) }
        : { repo: values.repo!, ...(values.label ? { label: values.label } : {}) };
    const job = await followJob(ctx, service, 'reports', (await service.importReports(input)).jobId);
    if (job.state !== 'done' || !job.reports) throw new CliError(`reports import: ${job.error ?? job.state}`);
    const result = job.reports;
    if (values.json) {
      await writeJsonLine(ctx.stdout, result);
    } else {
      const lines = [
        `Reports: ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged; ${result.linked} linked to disputes, ${result.unlinked} unlinked; ${plural(result.pull_requests, 'pull request')} skipped`,
        ...result.skipped.map(
          (item) => `  skipped ${item.path}${item.field ? ` (${item.field})` : ''}: ${inline(item.reason)}`,
        ),
      ];
      await write(ctx.stdout, `${lines.join('\n')}\n`);
    }
    return EXIT.ok;
  });
}

async function listReports(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('reports list', argv, { unlinked: { type: 'boolean' } });
  positionals('reports list', given, []);
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const reports = await service.listReports({ unlinked: values.unlinked === true });
    if (values.json) {
      for (const report of reports) {
        await writeJsonLine(ctx.stdout, {
          number: report.number,
          title: report.title,
          url: report.url,
          task_id: report.task_id,
          row: report.row,
          column: report.column,
          dispute_id: report.dispute_id,
          confidence: report.confidence,
          repo: report.repo,
          state: report.state,
          column_score: report.column_score,
          manual_link: report.manual_link,
          parsed_task_id: report.parsed_task_id,
          parsed_row: report.parsed_row,
          parsed_column: report.parsed_column,
          column_unresolved: report.column_unresolved,
        });
      }
      return EXIT.ok;
    }
    if (reports.length === 0) {
      await write(
        ctx.stdout,
        values.unlinked
          ? 'No unlinked reports.\n'
          : 'No reports (import some with `atlas-adjudicator reports import`).\n',
      );
      return EXIT.ok;
    }
    const rows = reports.map((r) => [
      `#${r.number}`,
      inline(r.title),
      r.task_id ?? '—',
      r.row === null ? '—' : String(r.row + 1),
      r.column ?? (r.column_unresolved !== null ? `unresolved: ${inline(r.column_unresolved)}` : '—'),
      r.dispute_id === null ? 'unlinked' : r.manual_link ? `${r.dispute_id} (by hand)` : r.dispute_id,
      r.confidence === null ? '—' : r.confidence.toFixed(2),
    ]);
    await write(ctx.stdout, `${table(['issue', 'title', 'task', 'row', 'column', 'dispute', 'conf'], rows)}\n`);
    return EXIT.ok;
  });
}

async function linkReport(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('reports link', argv, { repo: { type: 'string' } });
  const [numberText, disputeId] = positionals('reports link', given, ['ISSUE_NUMBER', 'DISPUTE_ID']);
  const number = integerOption('reports link', 'ISSUE_NUMBER', numberText, 1)!;
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const item = await service.linkReport({
      number,
      disputeId: disputeId!,
      ...(values.repo ? { repo: values.repo } : {}),
    });
    if (values.json) await writeJsonLine(ctx.stdout, item);
    else await write(ctx.stdout, `Linked #${item.number} to ${item.dispute_id}\n`);
    return EXIT.ok;
  });
}

async function reply(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('reports reply', argv, {
    revision: { type: 'string' },
    repo: { type: 'string' },
  });
  const [numberText] = positionals('reports reply', given, ['ISSUE_NUMBER']);
  const number = integerOption('reports reply', 'ISSUE_NUMBER', numberText, 1)!;
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const draft = await service.draftReply({
      number,
      ...(values.revision ? { revision: values.revision } : {}),
      ...(values.repo ? { repo: values.repo } : {}),
    });
    if (values.json) await writeJsonLine(ctx.stdout, draft);
    else await write(ctx.stdout, `${draft.text.trimEnd()}\n`);
    return EXIT.ok;
  });
}

export const reportsCommand: Command = { help: HELP, run };
