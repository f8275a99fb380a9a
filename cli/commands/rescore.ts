// `rescore --patch FILE [--json]`: every imported run's F1s before and after a patch.
import { resolve } from 'node:path';
import { checkReadableFile, PATCH_FILE_EXPECTED } from '../../db/path-checks';
import { runJob } from '../../db/run-job';
import { dbPathOf, parseCommand, positionals, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT } from '../errors';
import { plural, signedDelta, table, verb } from '../format';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator rescore [--patch FILE] [--json] [--db FILE]

Previews how a patch moves every imported run's scores: Discovery, Item and Row
F1 averaged over tasks, before and after, with each system's rank, recomputed
from the stored verdicts (deterministic rules re-checked; llm_judge cells the
patch touches listed as "needs regrade"). The grader's own averages are shown
beside "before"; tasks where they differ are counted.

Without --patch it is a dry run on the settled rulings an export would write
now: nothing is written and no revision tag is taken ("dry_run": true in --json).

${COMMON_HELP}
`;

const f = (value: number): string => value.toFixed(3);
const delta = (after: number, before: number): string => signedDelta(after - before);

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('rescore', argv, { patch: { type: 'string' } });
  positionals('rescore', given, []);
  const patch = values.patch === undefined ? undefined : resolve(ctx.cwd, values.patch);
  if (patch !== undefined) checkReadableFile(patch, { label: '--patch', expected: PATCH_FILE_EXPECTED });
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const result = await runJob(service, 'rescore', () => service.rescore(patch === undefined ? {} : { patch }));
    if (values.json) {
      await writeJsonLine(ctx.stdout, result);
      return EXIT.ok;
    }
    const rows = result.systems.map((s) => [
      s.system,
      `${s.before.rank} → ${s.after.rank}`,
      f(s.before.discovery_f1),
      f(s.after.discovery_f1),
      f(s.before.item_f1),
      f(s.after.item_f1),
      f(s.before.row_f1),
      f(s.after.row_f1),
      delta(s.after.row_f1, s.before.row_f1),
      s.grader ? f(s.grader.row_f1) : '—',
      String(s.needs_regrade.length),
      String(s.differing_tasks.length),
    ]);
    const out = [
      ...(result.dry_run
        ? ['Dry run: the settled rulings not exported yet; nothing written, no revision tag taken.']
        : []),
      `${result.revision} on ${result.base_revision}: ${plural(result.operations, 'operation')} on ${plural(result.touched_tasks.length, 'task')}; ${plural(result.needs_regrade, 'llm_judge cell')} ${verb(result.needs_regrade, 'needs', 'need')} regrading`,
      table(
        ['system', 'rank', 'disc', 'disc→', 'item', 'item→', 'row', 'row→', 'Δrow', 'grader row', 'regrade', 'differs'],
        rows,
      ),
    ];
    // A run without tasks others have scores 0 there (every system is averaged over the same tasks): said, with which.
    for (const s of result.systems.filter((system) => system.missing_tasks.length > 0)) {
      const shown = s.missing_tasks.slice(0, 5).join(', ');
      const more = s.missing_tasks.length > 5 ? ` and ${s.missing_tasks.length - 5} more` : '';
      out.push(
        `${s.system}: no result for ${plural(s.missing_tasks.length, 'task')} other runs have, scored 0: ${shown}${more}`,
      );
    }
    await write(ctx.stdout, `${out.join('\n')}\n`);
    return EXIT.ok;
  });
}

export const rescoreCommand: Command = { help: HELP, run };
