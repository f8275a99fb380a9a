// `audit sample|list|rule|estimate`: the gold error-rate audit (design.md §10).
// The --json shapes are fixed (other tools read them): see HELP.
import { AUDIT_VERDICTS } from '../../shared/audit';
import { percent, percentRange } from '../../shared/audit';
import type { AuditCellItem, AuditEstimateView } from '../../shared/audit';
import { dbPathOf, engineerOf, integerOption, parseCommand, positionals, validateInput, withService } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { EXIT, UsageError } from '../errors';
import { inline, plural, table } from '../format';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator audit sample --disputed N --undisputed M [--seed S] [--json] [--db FILE]
       atlas-adjudicator audit list [--status pending|settled|conflict] [--json] [--db FILE]
       atlas-adjudicator audit rule AUDIT_ID --verdict correct|incorrect|unsure [--rationale T]
                                  [--evidence URL]... [--engineer NAME] [--json] [--db FILE]
       atlas-adjudicator audit estimate [--revision TAG] [--json] [--db FILE]

Estimates how much of gold is wrong from a random sample of gold cells.

sample    draws a new round: N cells at random from the disputed stratum (a
          cell dispute exists on the cell) and M from the undisputed one, among
          the attribute gold cells whose gold is a value or blank and that no
          earlier round drew. The same store, sizes and seed draw the same
          cells; without --seed one is chosen and printed. The frame sizes of
          this moment are recorded with the round.
list      the audited cells in review order. With --json one object a line:
          {"id","task_id","gold_row","column","stratum","status","verdict"}
          (gold_row from 0; verdict is the settled one, null until then, and
          under blind review until you have given yours).
rule      records your verdict on a cell (an append-only event; your latest
          counts). It settles under the store's policy as a ruling does; a
          cell settled incorrect joins the cell's dispute, or gets one, so the
          fix is ruled and exported like any other.
estimate  the share of gold cells that are incorrect, with its 95% interval,
          overall and by stratum; unsure and unsettled cells are left out.
          --revision TAG: for the dataset after an exported revision (the
          incorrect cells it fixed count as correct). With --json:
          {"rate","ci_low","ci_high","n","n_eff","unsure","pending",
           "strata":[{"name","frame","n","incorrect","rate","ci_low","ci_high"}],"method"}
          with rates and bounds as unrounded fractions (null before any
          settled cell).

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const [action, ...rest] = argv;
  switch (action) {
    case 'sample':
      return sample(rest, ctx);
    case 'list':
      return list(rest, ctx);
    case 'rule':
      return rule(rest, ctx);
    case 'estimate':
      return estimate(rest, ctx);
    default:
      throw new UsageError(
        action === undefined
          ? "audit: missing action ('sample', 'list', 'rule' or 'estimate')"
          : `audit: unknown action '${action}' (expected sample, list, rule or estimate)`,
      );
  }
}

async function sample(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('audit sample', argv, {
    disputed: { type: 'string' },
    undisputed: { type: 'string' },
    seed: { type: 'string' },
  });
  positionals('audit sample', given, []);
  if (values.disputed === undefined) throw new UsageError('audit sample: missing --disputed N (0 for none)');
  if (values.undisputed === undefined) throw new UsageError('audit sample: missing --undisputed M (0 for none)');
  const input = validateInput(
    'audit sample',
    'drawAuditSample',
    {
      disputed: integerOption('audit sample', '--disputed', values.disputed),
      undisputed: integerOption('audit sample', '--undisputed', values.undisputed),
      seed: values.seed,
    },
    { disputed: '--disputed', undisputed: '--undisputed', seed: '--seed' },
  );
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const round = await service.drawAuditSample(input);
    if (values.json) {
      await writeJsonLine(ctx.stdout, round);
      return EXIT.ok;
    }
    await write(
      ctx.stdout,
      `Round ${round.round} (seed ${round.seed}): ${round.drawn.disputed} of ${round.frame.disputed} disputed and ${round.drawn.undisputed} of ${round.frame.undisputed} undisputed cells drawn.\n` +
        `Review them with 'atlas-adjudicator audit list' and 'audit rule AUDIT_ID --verdict …', or in the app's Audit view.\n`,
    );
    return EXIT.ok;
  });
}

/** The fixed --json line of `audit list`. */
function listLine(cell: AuditCellItem) {
  return {
    id: cell.id,
    task_id: cell.task_id,
    gold_row: cell.gold_row,
    column: cell.column,
    stratum: cell.stratum,
    status: cell.status,
    verdict: cell.verdict,
  };
}

async function list(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('audit list', argv, { status: { type: 'string' } });
  positionals('audit list', given, []);
  const input = validateInput('audit list', 'listAuditCells', { status: values.status }, { status: '--status' });
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const cells = await service.listAuditCells(input);
    if (values.json) {
      for (const cell of cells) await writeJsonLine(ctx.stdout, listLine(cell));
      return EXIT.ok;
    }
    if (cells.length === 0) {
      await write(
        ctx.stdout,
        input.status
          ? `No ${input.status} audited cells.\n`
          : "No audited cells (draw a sample with 'atlas-adjudicator audit sample').\n",
      );
      return EXIT.ok;
    }
    const rows = cells.map((cell) => [
      cell.id,
      String(cell.round),
      cell.task_id,
      String(cell.gold_row + 1),
      inline(cell.column),
      cell.stratum,
      cell.status,
      cell.verdict ?? '—',
      cell.mine ?? '—',
    ]);
    await write(
      ctx.stdout,
      `${table(['audit', 'round', 'task', 'row', 'column', 'stratum', 'status', 'verdict', 'mine'], rows)}\n`,
    );
    return EXIT.ok;
  });
}

async function rule(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('audit rule', argv, {
    verdict: { type: 'string' },
    rationale: { type: 'string' },
    evidence: { type: 'string', multiple: true },
    engineer: { type: 'string' },
  });
  const [id] = positionals('audit rule', given, ['AUDIT_ID']);
  if (values.verdict === undefined)
    throw new UsageError(`audit rule: missing --verdict (one of ${AUDIT_VERDICTS.join(', ')})`);
  const engineer = engineerOf(values.engineer, ctx);
  const input = validateInput(
    'audit rule',
    'ruleAuditCell',
    { id, verdict: values.verdict, rationale: values.rationale, evidence: values.evidence, engineer },
    { id: 'AUDIT_ID', verdict: '--verdict', rationale: '--rationale', evidence: '--evidence', engineer: '--engineer' },
  );
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), engineer, mustExist: true }, async (service) => {
    const cell = await service.ruleAuditCell(input);
    if (values.json) {
      await writeJsonLine(ctx.stdout, cell);
      return EXIT.ok;
    }
    const lines = [
      `Audit ${cell.id}: ${cell.mine ?? input.verdict} recorded.`,
      `Status: ${cell.status}${cell.verdict !== null ? ` (${cell.verdict})` : ''}`,
    ];
    if (cell.dispute_id !== null)
      lines.push(
        `Dispute for the fix: ${cell.dispute_id} (rule it with 'atlas-adjudicator rule ${cell.dispute_id} …')`,
      );
    await write(ctx.stdout, `${lines.join('\n')}\n`);
    return EXIT.ok;
  });
}

/** The fixed --json object of `audit estimate`. */
function estimateJson(estimate: AuditEstimateView) {
  return {
    rate: estimate.rate,
    ci_low: estimate.ci_low,
    ci_high: estimate.ci_high,
    n: estimate.n,
    n_eff: estimate.n_eff,
    unsure: estimate.unsure,
    pending: estimate.pending,
    strata: estimate.strata.map((s) => ({
      name: s.name,
      frame: s.frame,
      n: s.n,
      incorrect: s.incorrect,
      rate: s.rate,
      ci_low: s.ci_low,
      ci_high: s.ci_high,
    })),
    method: estimate.method,
  };
}

async function estimate(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('audit estimate', argv, { revision: { type: 'string' } });
  positionals('audit estimate', given, []);
  const input = validateInput(
    'audit estimate',
    'getAuditEstimate',
    { revision: values.revision },
    { revision: '--revision' },
  );
  return withService(ctx, { dbPath: dbPathOf(values.db, ctx), mustExist: true }, async (service) => {
    const result = await service.getAuditEstimate(input);
    if (values.json) {
      await writeJsonLine(ctx.stdout, estimateJson(result));
      return EXIT.ok;
    }
    await write(ctx.stdout, `${estimateText(result)}\n`);
    return EXIT.ok;
  });
}

function estimateText(e: AuditEstimateView): string {
  const lines: string[] = [];
  const scope = e.revision ? ` after ${e.revision}` : '';
  if (e.rate === null || e.ci_low === null || e.ci_high === null) {
    lines.push(
      `No estimate${scope} yet: no audited cell is settled (${plural(e.audited, 'cell')} audited, ${e.pending} not settled).`,
    );
  } else {
    lines.push(
      `Incorrect gold${scope}: ${percent(e.rate)} (95% CI ${percentRange(e.ci_low, e.ci_high)}), from ${plural(e.n, 'settled cell')} (n_eff ${e.n_eff!.toFixed(1)}).`,
    );
  }
  if (e.revision) lines.push(`${e.revision} fixes ${e.fixed} of the ${plural(e.found, 'error')} found.`);
  lines.push(
    `Left out: ${e.unsure} unsure, ${e.pending} not settled${e.conflicts > 0 ? ` (${plural(e.conflicts, 'conflict')})` : ''}.`,
  );
  const rows = e.strata.map((s) => [
    s.name,
    String(s.frame),
    String(s.n),
    String(s.incorrect),
    s.rate === null ? '—' : percent(s.rate),
    s.ci_low === null || s.ci_high === null ? '—' : percentRange(s.ci_low, s.ci_high),
  ]);
  lines.push('', table(['stratum', 'frame', 'n', 'incorrect', 'rate', '95% CI'], rows));
  for (const note of e.notes) lines.push(`Note: ${note}.`);
  if (e.sentence) lines.push('', e.sentence);
  return lines.join('\n');
}

export const auditCommand: Command = { help: HELP, run };
