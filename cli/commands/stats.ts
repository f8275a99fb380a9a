// `stats [--json]`: agreement between engineers and progress.
import type { AgreementSummary } from '../../shared/api-types';
import { dbPathOf, parseCommand, positionals, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT } from '../errors';
import { plural, table, verb } from '../format';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator stats [--json] [--db FILE]

Agreement over disputes ruled by at least two engineers (two rulings agree when
decision and normalised value agree): percent agreement, Cohen's kappa for each
pair of engineers and Krippendorff's alpha (nominal) across all, overall and by
column rule type and dispute kind; progress by status and rulings per engineer
per day. --json prints coefficients as unrounded fractions (null when undefined).

${COMMON_HELP}
`;

const fixed = (value: number | null, digits = 3): string => (value === null ? '—' : value.toFixed(digits));
const percent = (value: number | null): string => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

function summaryRows(label: string, summary: AgreementSummary): string[] {
  return [label, String(summary.disputes), percent(summary.percent_agreement), fixed(summary.alpha)];
}

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('stats', argv, {});
  positionals('stats', given, []);
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const stats = await service.getStats({});
    if (values.json) {
      await writeJsonLine(ctx.stdout, stats);
      return EXIT.ok;
    }
    const { progress } = stats;
    const out: string[] = [
      `Progress: ${progress.resolved} resolved · ${progress.open} open · ${progress.conflict} conflict (of ${progress.total})`,
      `Policy: ${plural(stats.policy.required, 'agreeing engineer')} ${verb(stats.policy.required, 'settles', 'settle')} a dispute; blind review ${stats.policy.blind ? 'on' : 'off'}`,
      '',
      'Agreement (disputes ruled by 2+ engineers)',
      table(
        ['scope', 'disputes', 'agreement', 'alpha'],
        [
          summaryRows('overall', stats.overall),
          ...Object.entries(stats.by_rule_type).map(([rule, summary]) => summaryRows(`rule: ${rule}`, summary)),
          ...Object.entries(stats.by_kind).map(([kind, summary]) => summaryRows(`kind: ${kind}`, summary)),
        ],
      ),
      '',
      "Cohen's kappa by pair",
      stats.overall.pairs.length === 0
        ? '  (no dispute ruled by two engineers yet)'
        : table(
            ['engineer', 'engineer', 'shared', 'agreement', 'kappa'],
            stats.overall.pairs.map((pair) => [
              pair.a,
              pair.b,
              String(pair.n),
              percent(pair.percent),
              fixed(pair.kappa),
            ]),
          ),
      '',
      'Rulings per engineer per day',
      stats.per_day.length === 0
        ? '  (none)'
        : table(
            ['day', 'engineer', 'rulings'],
            stats.per_day.map((row) => [row.day, row.engineer, String(row.rulings)]),
          ),
    ];
    await write(ctx.stdout, `${out.join('\n')}\n`);
    return EXIT.ok;
  });
}

export const statsCommand: Command = { help: HELP, run };
