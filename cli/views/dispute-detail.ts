// `show`: one dispute as an engineer reads it in a terminal — the question and
// rule, gold, every system's value grouped into clusters with sources, judge
// opinions and rulings. Mirrors the app's dispute panel.
import type {
  ClusterDetail,
  DisputeDetail,
  JudgeOpinionView,
  MissingRowSystemView,
  RuleResult,
  RulingView,
} from '../../shared/api-types';
import type { ColumnRule } from '../../shared/domain';
import { clusterLetter, clusterSpellings } from '../../shared/clusters';
import type { Spelling } from '../../shared/clusters';
import { describeGoldOperationLines } from '../../shared/gold-operation';
import { missingRowInGold } from '../../shared/gold-row-named';
import { retractedIds } from '../../shared/retractions';
import { block, inline, plural, wrap } from '../format';
import { disputeReportLines } from './dispute-reports';

export function ruleText(rule: ColumnRule | null): string {
  if (rule === null) return 'unknown';
  switch (rule.type) {
    case 'number':
      if (rule.relative_tolerance !== undefined) return `number (relative tolerance ${rule.relative_tolerance})`;
      return rule.tolerance !== undefined ? `number (tolerance ${rule.tolerance})` : 'number';
    case 'date':
      return rule.tolerance_days !== undefined ? `date (± ${plural(rule.tolerance_days, 'day')})` : 'date';
    case 'choice':
      return `choice: ${(rule.options ?? []).join(' | ')}`;
    case 'llm_judge':
      return rule.criterion ? `llm_judge: ${rule.criterion}` : 'llm_judge';
    default:
      return rule.type;
  }
}

/** Sources are printed, never opened; anything but http(s) is flagged so nobody pastes it blindly. */
function source(url: string): string {
  return /^https?:\/\//i.test(url.trim()) ? inline(url) : `${inline(url)}  (unsafe: not an http(s) link)`;
}

function sources(urls: string[], indent: string): string[] {
  return urls.map((u) => `${indent}source: ${source(u)}`);
}

const LABEL = 11;
function field(label: string, value: string): string {
  return `${label.padEnd(LABEL)}${value}`.trimEnd();
}

function goldLine(d: DisputeDetail): string {
  if (d.dispute.kind === 'missing_row') {
    const now = missingRowInGold(d);
    if (!now) return 'not in gold (missing row)';
    const aka = now.aliases.length > 0 ? ` (aka ${now.aliases.map(inline).join(', ')})` : '';
    const why = d.settled_by_revision
      ? `added by revision ${inline(d.settled_by_revision)}; the runs were graded before it`
      : "the runs' grades did not align their row to it";
    return `in gold now: row ${now.row + 1} · ${inline(now.entity)}${aka} (${why})`;
  }
  if (d.gold.state === 'value') return inline(d.gold.value);
  return d.gold.state === 'blank' ? '(blank: no data exists)' : '(ungraded: excluded from scoring)';
}

/** A cluster's spellings when systems wrote it more than one way; `rule --value` takes any of them. */
function spellingLine(spellings: readonly Spelling[]): string[] {
  if (spellings.length < 2) return [];
  const each = spellings.map((s) => `"${inline(s.text)}" ${s.option ? "(the column's option)" : `×${s.count}`}`);
  return [`      spellings: ${each.join(' · ')}`];
}

function clusterLines(c: ClusterDetail, index: number, rule: ColumnRule | null): string[] {
  // The app's letters (it keeps e j k o r u for commands), so a cluster goes by one letter in both.
  const letter = clusterLetter(index) ?? String(index + 1);
  const lines = [
    `  [${letter}] ${inline(c.value) || '(empty)'} · ${plural(c.systems.length, 'system')} · ${c.agrees_with_gold ? 'agrees with gold' : 'contests gold'}`,
  ];
  const spellings = clusterSpellings(c, rule);
  lines.push(...spellingLine(spellings));
  for (const cell of c.cells) {
    const named = cell.response_entity ? ` as "${inline(cell.response_entity)}"` : '';
    // Each system's own spelling, where the cluster has several.
    const wrote = spellings.length > 1 && cell.response.trim() !== '' ? ` "${inline(cell.response.trim())}",` : '';
    const against = cell.graded_against !== null ? ` against older gold "${inline(cell.graded_against)}"` : '';
    lines.push(
      `      ${inline(cell.system)}${named}:${wrote} ${cell.verdict}${against} by ${cell.method}${cell.aligned_by ? `, aligned by ${cell.aligned_by}` : ''}`,
    );
    if (cell.reasoning) lines.push(`        reasoning: ${inline(cell.reasoning)}`);
    lines.push(...sources(cell.sources, '        '));
  }
  return lines;
}

function missingRowLines(s: MissingRowSystemView): string[] {
  const lines = [`  ${inline(s.system)} as "${inline(s.entity)}"`];
  for (const v of s.values) {
    lines.push(`      ${inline(v.column)}: ${inline(v.value)}`);
    lines.push(...sources(v.sources, '        '));
  }
  lines.push(...sources(s.sources, '      '));
  return lines;
}

function judgeLines(j: JudgeOpinionView): string[] {
  const lines = [`  ${inline(j.judge)}: ${j.verdict}${j.value !== null ? ` · value ${inline(j.value)}` : ''}`];
  if (j.reasoning) lines.push(`      reasoning: ${inline(j.reasoning)}`);
  lines.push(...sources(j.sources, '      '));
  return lines;
}

function rulingLines(r: RulingView, retracted: ReadonlySet<string>): string[] {
  const what = r.decision === 'retract' ? `retract (of ${r.retracts ?? '?'})` : r.decision;
  const note = r.decision === 'retract' || r.counted ? '' : retracted.has(r.id) ? '  (retracted)' : '  (superseded)';
  const value = r.value !== null ? ` · "${inline(r.value)}"` : '';
  const row = r.row !== null ? ` · row ${r.row + 1}` : '';
  const lines = [`  ${r.created_at}  ${inline(r.engineer)}  ${what}${value}${row}${note}`];
  if (r.values) for (const [k, v] of Object.entries(r.values)) lines.push(`      ${inline(k)}: ${inline(v)}`);
  if (r.rationale) lines.push(`      rationale: ${inline(r.rationale)}`);
  for (const e of r.evidence) lines.push(`      evidence: ${source(e)}`);
  lines.push(`      id ${r.id}${r.revision ? ` · against ${inline(r.revision)}` : ''}`);
  return lines;
}

export function disputeDetailText(d: DisputeDetail): string {
  const row = d.dispute;
  const out: string[] = [`Dispute ${row.id} · ${row.kind} · ${row.status} · priority ${row.priority}`, ''];
  out.push(field('Task', inline(row.task_id)));
  if (d.question !== null) out.push(field('Question', ''), block(wrap(d.question, 100), '  '));
  if (d.gold_row) {
    const aliases = d.gold_row.aliases.length > 0 ? ` (aliases: ${d.gold_row.aliases.map(inline).join('; ')})` : '';
    out.push(
      field('Row', `${row.gold_row === null ? '?' : row.gold_row + 1} · ${inline(d.gold_row.entity)}${aliases}`),
    );
  } else {
    out.push(field('Entity', inline(row.entity)));
  }
  if (row.column !== null)
    out.push(field('Column', `${inline(row.column)} · rule: ${inline(ruleText(d.column_rule))}`));
  if (d.settled_by_revision) out.push(field('Settled by', `revision ${inline(d.settled_by_revision)}`));

  out.push('', field('Gold', goldLine(d)));
  for (const alt of d.gold.alternatives) out.push(`  alternative: ${inline(alt)}`);
  out.push(...sources(d.gold.sources, '  '));

  if (d.clusters.length > 0) {
    out.push('', `Clusters (${d.clusters.length}):`);
    d.clusters.forEach((c, i) => out.push(...clusterLines(c, i, d.column_rule)));
  }
  if (d.missing_row_systems.length > 0) {
    out.push('', `Systems returning this entity (${d.missing_row_systems.length}):`);
    for (const s of d.missing_row_systems) out.push(...missingRowLines(s));
  }
  if (d.judges.length > 0) {
    out.push('', `Judges (${d.judges.length}):`);
    for (const j of d.judges) out.push(...judgeLines(j));
  }
  out.push(...disputeReportLines(d.reports));
  out.push('', `Rulings (${d.rulings.length}):`);
  if (d.rulings_hidden) {
    // A count of rulings standing: an engineer whose only ruling was retracted has none.
    const who =
      d.hidden_engineers === 0
        ? "no other engineer's ruling stands (theirs were retracted)"
        : d.hidden_engineers === 1
          ? '1 other engineer has ruled'
          : `${d.hidden_engineers} other engineers have ruled`;
    out.push(`  (${who}; blind review hides their rulings until you rule)`);
  } else if (d.rulings.length === 0) out.push('  none yet');
  const retracted = retractedIds(d.rulings);
  for (const r of d.rulings) out.push(...rulingLines(r, retracted));
  return `${out.join('\n')}\n`;
}

/**
 * What the ruling writes into gold, one line each (add_row: its cells on the
 * lines after), and the spellings accepted when gold's format wrote others.
 */
export function operationSummary(result: RuleResult): string {
  const { ruling } = result;
  const accepted: string[] = [];
  if (ruling.accepted != null)
    accepted.push(
      `Accepted "${inline(ruling.accepted)}", written "${inline(ruling.value)}" (gold's format; --keep-spelling writes it as given).`,
    );
  if (ruling.accepted_values != null) {
    const changed = Object.keys(ruling.accepted_values).filter(
      (column) => ruling.accepted_values![column] !== ruling.values?.[column],
    );
    for (const column of changed)
      accepted.push(
        `Accepted "${inline(column)}": "${inline(ruling.accepted_values[column])}", written "${inline(ruling.values?.[column])}" (gold's format).`,
      );
  }
  const [first, ...rest] = describeGoldOperationLines(result.operation).map(inline);
  return [...accepted, `Writes: ${first}`, ...rest].map((line) => `${line}\n`).join('');
}

export function rulingSummary(r: RulingView, disputeId: string): string {
  if (r.decision === 'retract')
    return `Retracted ${inline(r.engineer)}'s ruling ${r.retracts ?? ''} on ${disputeId} (ruling ${r.id}).`;
  const value = r.value !== null ? ` value "${inline(r.value)}"` : '';
  return `Recorded ${r.decision}${value} on ${disputeId} by ${inline(r.engineer)} (ruling ${r.id}).`;
}
