// `show DISPUTE_ID [--json]`: one dispute with everything needed to rule on it.
import { dbPathOf, engineerOf, parseCommand, positionals, validateInput, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT } from '../errors';
import { disputeDetailText } from '../views/dispute-detail';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator show DISPUTE_ID [--engineer NAME] [--json] [--db FILE]

Shows one dispute: the task question, the column and its rule, gold with its
alternatives and sources, every system's value grouped into clusters (systems,
verdicts, grading method, judge reasoning, sources), judge opinions and rulings.
Under blind review, other engineers' rulings stay hidden until NAME has ruled.

  --engineer NAME   whose view (default: $ATLAS_ADJUDICATOR_ENGINEER, else settings, else the OS user)

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('show', argv, { engineer: { type: 'string' } });
  const [id] = positionals('show', given, ['DISPUTE_ID']);
  const input = validateInput('show', 'getDispute', { id }, { id: 'DISPUTE_ID' });
  const engineer = engineerOf(values.engineer, ctx);
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), engineer, mustExist: true }, async (service) => {
    const detail = await service.getDispute(input);
    if (values.json) await writeJsonLine(ctx.stdout, detail);
    else await write(ctx.stdout, disputeDetailText(detail));
    return EXIT.ok;
  });
}

export const showCommand: Command = { help: HELP, run };
