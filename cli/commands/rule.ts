// `rule DISPUTE_ID --decision D …`: records one engineer's ruling (an append-only event).
import { DECISIONS } from '../../shared/domain';
import { dbPathOf, engineerOf, integerOption, parseCommand, positionals, validateInput, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT, UsageError } from '../errors';
import { inline } from '../format';
import { operationSummary, rulingSummary } from '../views/dispute-detail';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator rule DISPUTE_ID --decision D [--value V] [--rationale T]
                              [--evidence URL]... [--engineer NAME] [--row N] [--values JSON]
                              [--keep-spelling] [--json] [--db FILE]

Records a ruling. An engineer's latest ruling on a dispute is the one that counts.

  --decision D      ${DECISIONS.join(', ')}
  --value V         accept_system, accept_both, new_value: the cell's value
                    (accept_system: a cluster's value in any spelling, such
                    as those \`show\` lists); a value taken from a system is
                    written in the format the column's gold uses (ISO dates,
                    gold's decimals, separators, units and case), new_value
                    as given;
                    add_row: the new row's entity name (default: the entity
                    as the systems returned it)
  --rationale T     why
  --evidence URL    a source supporting the ruling; repeat for several
  --engineer NAME   who rules (default: $ATLAS_ADJUDICATOR_ENGINEER, else settings, else the OS user)
  --row N           add_alias: the gold row the entity is an alias of, counted
                    from 1 as the disputes table and show print it;
                    the alias added is the entity as the systems returned it,
                    so add_alias takes no --value
  --values JSON     add_row: the new row's cells, {"column": "value", …},
                    each written in its column's gold format
  --keep-spelling   accept_system, accept_both, add_row: write the value as
                    given instead of in gold's format

Prints the ruling, the gold operation it writes (as export will write it),
and the dispute's status; --json has the operation as \`operation\`. A value
with no number in it, for
a column graded by rule number, is recorded as text with a warning on stderr.

${COMMON_HELP}
`;

const FLAGS = {
  disputeId: 'DISPUTE_ID',
  decision: '--decision',
  value: '--value',
  rationale: '--rationale',
  evidence: '--evidence',
  engineer: '--engineer',
  row: '--row',
  values: '--values',
  keepSpelling: '--keep-spelling',
};

/** `--values` as a column → value map; plain numbers and booleans are accepted as their text. */
function parseValues(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError('rule: --values is not valid JSON (expected {"column": "value", …})');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError('rule: --values must be a JSON object {"column": "value", …}');
  const out: Record<string, string> = {};
  for (const [column, value] of Object.entries(parsed)) {
    if (typeof value === 'string') out[column] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[column] = String(value);
    else throw new UsageError(`rule: --values: column "${column}" must be a string`);
  }
  return out;
}

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('rule', argv, {
    decision: { type: 'string' },
    value: { type: 'string' },
    rationale: { type: 'string' },
    evidence: { type: 'string', multiple: true },
    engineer: { type: 'string' },
    row: { type: 'string' },
    values: { type: 'string' },
    'keep-spelling': { type: 'boolean' },
  });
  const [disputeId] = positionals('rule', given, ['DISPUTE_ID']);
  if (values.decision === undefined) throw new UsageError(`rule: missing --decision (one of ${DECISIONS.join(', ')})`);
  const engineer = engineerOf(values.engineer, ctx);
  const input = validateInput(
    'rule',
    'rule',
    {
      disputeId,
      decision: values.decision,
      value: values.value,
      rationale: values.rationale,
      evidence: values.evidence,
      engineer,
      row: zeroBased(integerOption('rule', '--row', values.row, 1)),
      values: parseValues(values.values),
      ...(values['keep-spelling'] ? { keepSpelling: true } : {}),
    },
    FLAGS,
  );
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), engineer, mustExist: true }, async (service) => {
    const result = await service.rule(input);
    // Recorded, but worth a second look: one line each on stderr (the JSON carries them too), exit 0.
    for (const warning of result.warnings ?? [])
      await write(ctx.stderr, `atlas-adjudicator: rule: warning: ${inline(warning)}\n`);
    if (values.json) await writeJsonLine(ctx.stdout, result);
    else
      await write(
        ctx.stdout,
        `${rulingSummary(result.ruling, input.disputeId)}\n${operationSummary(result)}Status: ${result.status}\n`,
      );
    return EXIT.ok;
  });
}

export const ruleCommand: Command = { help: HELP, run };

/** `--row` counts from 1, as people read rows; the contract's `row` is the 0-based index. */
function zeroBased(row: number | undefined): number | undefined {
  return row === undefined ? undefined : row - 1;
}
