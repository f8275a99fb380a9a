// `retract DISPUTE_ID [--engineer NAME]`: a new event that withdraws the engineer's latest ruling.
import { dbPathOf, engineerOf, parseCommand, positionals, validateInput, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT } from '../errors';
import { rulingSummary } from '../views/dispute-detail';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator retract DISPUTE_ID [--engineer NAME] [--json] [--db FILE]

Retracts the engineer's latest ruling on the dispute. Nothing is deleted: the
retraction is a new event in the audit trail.

  --engineer NAME   whose ruling (default: $ATLAS_ADJUDICATOR_ENGINEER, else settings, else the OS user)

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('retract', argv, { engineer: { type: 'string' } });
  const [disputeId] = positionals('retract', given, ['DISPUTE_ID']);
  const engineer = engineerOf(values.engineer, ctx);
  const input = validateInput(
    'retract',
    'retract',
    { disputeId, ...(engineer !== undefined ? { engineer } : {}) },
    { disputeId: 'DISPUTE_ID', engineer: '--engineer' },
  );
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), engineer, mustExist: true }, async (service) => {
    const result = await service.retract(input);
    if (values.json) await writeJsonLine(ctx.stdout, result);
    else await write(ctx.stdout, `${rulingSummary(result.ruling, input.disputeId)}\nStatus: ${result.status}\n`);
    return EXIT.ok;
  });
}

export const retractCommand: Command = { help: HELP, run };
