// `policy --required N [--blind on|off]`: the store's resolution policy.
import { dbPathOf, integerOption, parseCommand, positionals, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT, UsageError } from '../errors';
import { plural, verb } from '../format';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator policy [--required N] [--blind on|off] [--json] [--db FILE]

Sets how many agreeing engineers settle a dispute (default 1; 2 or more for
double review) and whether blind review hides other engineers' rulings until
you have ruled (on by default when N is 2 or more). The policy is kept in the
store, so every engineer and host of that store sees the same; statuses are
recomputed at once, and it says how many disputes went back to open or
resolved (--json: reopened, resolved). Without options, prints the current
policy.

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('policy', argv, {
    required: { type: 'string' },
    blind: { type: 'string' },
  });
  positionals('policy', given, []);
  const required = integerOption('policy', '--required', values.required, 1);
  if (values.blind !== undefined && values.blind !== 'on' && values.blind !== 'off')
    throw new UsageError(`policy: --blind: expected on or off, got '${values.blind}'`);
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const before = (await service.getInfo({})).policy;
    // Counted before saving: what the new number does to statuses.
    const effect =
      required !== undefined && required !== before.required ? await service.previewPolicy({ required }) : null;
    const policy =
      required === undefined && values.blind === undefined
        ? before
        : await service.setPolicy({
            ...(required !== undefined ? { required } : {}),
            ...(values.blind !== undefined ? { blind: values.blind === 'on' } : {}),
          });
    if (values.json) {
      await writeJsonLine(
        ctx.stdout,
        effect ? { ...policy, reopened: effect.reopen, resolved: effect.resolve } : policy,
      );
      return EXIT.ok;
    }
    await write(
      ctx.stdout,
      `Policy: ${plural(policy.required, 'agreeing engineer')} ${verb(policy.required, 'settles', 'settle')} a dispute; blind review ${policy.blind ? 'on' : 'off'}\n`,
    );
    if (effect && effect.reopen > 0)
      await write(ctx.stdout, `${plural(effect.reopen, 'resolved dispute')} went back to open.\n`);
    if (effect && effect.resolve > 0) await write(ctx.stdout, `${plural(effect.resolve, 'open dispute')} resolved.\n`);
    return EXIT.ok;
  });
}

export const policyCommand: Command = { help: HELP, run };
