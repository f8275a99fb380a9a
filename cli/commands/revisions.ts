// `revisions [--json]`: the revisions this store exported or applied.
import { dbPathOf, parseCommand, positionals, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT } from '../errors';
import { table } from '../format';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator revisions [--json] [--db FILE]

Lists every revision this store exported or applied: tag, base, the time of
the latest ruling it carries (the patch's created_at, which keeps patches
deterministic), when this store exported it (or first applied it, for a patch
exported elsewhere), author, operation count, patch sha256, and whether the
revised dataset was imported as the new base (which marks the disputes it
settled as resolved). With --json, one object per line (recorded_at is when
it was exported).

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('revisions', argv, {});
  positionals('revisions', given, []);
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const revisions = await service.listRevisions({});
    if (values.json) {
      for (const revision of revisions) await writeJsonLine(ctx.stdout, revision);
      return EXIT.ok;
    }
    if (revisions.length === 0) {
      await write(
        ctx.stdout,
        'No revisions yet (export one with `atlas-adjudicator export --revision TAG --out FILE`).\n',
      );
      return EXIT.ok;
    }
    const rows = revisions.map((r) => [
      r.tag,
      r.base_revision,
      r.created_at ?? '—',
      r.recorded_at,
      r.created_by,
      String(r.operations),
      r.patch_sha256.slice(0, 12),
      r.imported_at ? `imported, ${r.settled} settled` : 'not imported',
    ]);
    await write(
      ctx.stdout,
      `${table(['tag', 'base', 'rulings up to', 'exported', 'by', 'ops', 'patch sha256', 'state'], rows)}\n`,
    );
    return EXIT.ok;
  });
}

export const revisionsCommand: Command = { help: HELP, run };
