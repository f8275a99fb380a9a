// `demo`: loads the bundled demo workspace through the same job API the app uses.
import { dbPathOf, parseCommand, positionals, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { CliError, EXIT } from '../errors';
import { followJob } from '../job';
import { importReportJson, importReportText } from '../views/import-report';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator demo [--json] [--db FILE]

Loads the demo workspace (a generated dataset, graded runs and judge opinions,
including the public Zelda example task) into the store and prints the import
report. Loading it again adds nothing.

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('demo', argv, {});
  positionals('demo', given, []);
  const dbPath = dbPathOf(values.db, ctx);
  return withService(ctx, { dbPath, mustExist: false }, async (service) => {
    const { jobId } = await service.loadDemo({});
    const job = await followJob(ctx, service, 'demo', jobId);
    if (job.state === 'cancelled') throw new CliError('demo: cancelled; the store is unchanged', EXIT.interrupted);
    if (job.state === 'failed') throw new CliError(`demo: ${job.error ?? job.message}`);
    if (job.report === undefined) throw new CliError('demo: the job finished without a report');
    if (values.json) await writeJsonLine(ctx.stdout, importReportJson(job.report));
    else await write(ctx.stdout, `Demo workspace loaded into ${dbPath}.\n${importReportText(job.report)}`);
    return EXIT.ok;
  });
}

export const demoCommand: Command = { help: HELP, run };
