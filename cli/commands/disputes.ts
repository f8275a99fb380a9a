// `disputes [filters] [--json]`: every matching dispute in priority order, no limit.
import { disputeFilterSchema } from '../../shared/api';
import type { DisputeFilter } from '../../shared/api';
import { NotFoundError } from '../../db/not-found';
import type { DisputeRecord } from '../../db/queries';
import type { ServiceHandle } from '../../db/service';
import { dbPathOf, parseCommand, positionals, validateWith, withService } from '../args';
import { write } from '../context';
import type { CliContext, OutStream } from '../context';
import { EXIT, UsageError } from '../errors';
import { wrap } from '../format';
import { DISPUTE_CSV_COLUMNS, DISPUTE_CSV_HEADER, disputeCsvLine } from '../views/dispute-csv';
import { disputeTable } from '../views/dispute-table';
import { COMMON_HELP } from './types';
import type { Command } from './types';

/**
 * Every key of a \`--json\` line, in the order they are written; the help lists
 * them from here and a test holds this list to the real output.
 */
export const JSON_FIELDS: readonly (keyof DisputeRecord)[] = [
  'id',
  'kind',
  'task_id',
  'gold_row',
  'entity',
  'column',
  'gold',
  'gold_row_now',
  'clusters',
  'top_value',
  'top_count',
  'contesting',
  'systems',
  'status',
  'priority',
  'has_report',
];

const HELP = `Usage: atlas-adjudicator disputes [--status S] [--kind K] [--task ID] [--column C]
                                  [--system S] [--needs ENGINEER] [--search TEXT] [--json | --csv] [--db FILE]

Lists every matching dispute in priority order (no limit).

  --status S         open | resolved | conflict
  --kind K           cell | missing_row | report
  --task ID          one task
  --column C         one column
  --system S         disputes this system takes part in
  --needs ENGINEER   not resolved and not yet ruled on by ENGINEER
  --search TEXT      text in the entity, gold, values, task, column or dispute id

A --task, --column or --system this store does not have exits 1, naming close
ones. A missing row that gold now holds (a revision added it) shows GOLD as
(in gold now: row N).

${wrap(`With --json: one JSON object per line (${JSON_FIELDS.join(', ')}).`, 80)}
${wrap(`With --csv: a header and one row per dispute, for a spreadsheet (${DISPUTE_CSV_COLUMNS.join(', ')}; systems joined by '; '); a value starting with = + - @, a tab or a carriage return gets a leading ' so it stays text. Both print gold values in plain text on stdout.`, 80)}

${COMMON_HELP}
`;

const FILTER_FLAGS = {
  status: '--status',
  kind: '--kind',
  task: '--task',
  column: '--column',
  system: '--system',
  needs: '--needs',
  search: '--search',
};

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('disputes', argv, {
    status: { type: 'string' },
    kind: { type: 'string' },
    task: { type: 'string' },
    column: { type: 'string' },
    system: { type: 'string' },
    needs: { type: 'string' },
    search: { type: 'string' },
    csv: { type: 'boolean' },
  });
  positionals('disputes', given, []);
  if (values.json && values.csv) throw new UsageError('disputes: --json and --csv are two formats; choose one');
  const raw = {
    status: values.status,
    kind: values.kind,
    task: values.task,
    column: values.column,
    system: values.system,
    needs: values.needs,
    search: values.search,
  };
  const filter = validateWith(
    'disputes',
    disputeFilterSchema,
    Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)),
    FILTER_FLAGS,
  );

  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const matching = recordsOf(service, filter);
    if (values.csv) {
      await writeBatched(ctx.stdout, DISPUTE_CSV_HEADER, matching, disputeCsvLine);
    } else if (values.json) {
      await writeBatched(ctx.stdout, '', matching, (record) => `${JSON.stringify(record)}\n`);
    } else {
      const records: DisputeRecord[] = [...matching];
      await write(ctx.stdout, disputeTable(records));
    }
    return EXIT.ok;
  });
}

/** Streamed (a store may hold tens of thousands of disputes), in writes of ~64 kB rather than one per line. */
async function writeBatched<T>(
  stream: OutStream,
  head: string,
  items: Iterable<T>,
  line: (item: T) => string,
): Promise<void> {
  let batch = head;
  for (const item of items) {
    batch += line(item);
    if (batch.length >= WRITE_BATCH_CHARS) {
      await write(stream, batch);
      batch = '';
    }
  }
  await write(stream, batch);
}

const WRITE_BATCH_CHARS = 64 * 1024;

/**
 * The matching records. A --task, --column or --system the store does not
 * know fails like an unknown id does (`show`): one line naming it and close
 * names, exit 1, nothing on stdout, rather than "No disputes match." for a typo.
 */
function recordsOf(service: ServiceHandle, filter: DisputeFilter): Iterable<DisputeRecord> {
  try {
    return service.disputeRecords(filter);
  } catch (error) {
    if (error instanceof NotFoundError && error.filter !== undefined) {
      const flag = FILTER_FLAGS[error.filter];
      throw new NotFoundError(`${flag}: ${error.message}; leave out ${flag} to list every dispute`, error.filter);
    }
    throw error;
  }
}

export const disputesCommand: Command = { help: HELP, run };
