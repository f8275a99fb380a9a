// Simulates one system answering one task and the grader grading it: which
// rows it finds, how it names them, what it writes in each cell, what it cites.
import { slug } from './naming';
import { Rng } from './prng';
import { scoreTask } from './scores';
import type { Alignment, Citation, GoldCellJson, GradedCell, PlannedColumn, SystemAnswer, TaskPlan } from './types';
import { goldText, gradeCell } from './verdict';
import { wrongValue } from './plan';

export interface SystemProfile {
  recall: number;
  accuracy: number;
  emptyRate: number;
  decoyRate: number;
}

/** Each system's skill, fixed by seed and name, so it behaves alike across tasks. */
export function systemProfile(seed: number, system: string): SystemProfile {
  const rng = Rng.derive(seed, 'profile', system);
  return {
    recall: 0.6 + rng.next() * 0.35,
    accuracy: 0.62 + rng.next() * 0.3,
    emptyRate: 0.02 + rng.next() * 0.05,
    decoyRate: 0.08 + rng.next() * 0.2,
  };
}

interface ReturnedRow {
  entity: string;
  values: Record<string, string>;
  gold_row: number | null;
  aligned_by: Alignment['aligned_by'];
}

export interface RespondInput {
  seed: number;
  plan: TaskPlan;
  /** Index among graders (harness systems, then the flat-file system). */
  systemIndex: number;
  system: string;
  profile: SystemProfile;
}

export function respond({ seed, plan, systemIndex, system, profile }: RespondInput): SystemAnswer {
  const rng = Rng.derive(seed, 'answer', plan.id, system);
  const mine = plan.contests.filter((c) => c.systems.includes(systemIndex));
  const forced = plan.forced.filter((f) => f.system === systemIndex);
  const mustReturn = new Set([...mine.map((c) => c.row), ...forced.map((f) => f.row)]);
  const misses = new Set(plan.misses.filter((m) => m.system === systemIndex).map((m) => m.row));

  const returned: ReturnedRow[] = [];
  plan.rows.forEach((row, r) => {
    const found = mustReturn.has(r) || (plan.scripted ? !misses.has(r) : rng.chance(profile.recall));
    if (!found) return;
    const values: Record<string, string> = {};
    for (const planned of plan.columns) {
      const name = planned.column.name;
      const scriptedValue = forced.find((f) => f.row === r && f.column === name)?.value;
      const contest = mine.find((c) => c.row === r && c.column === name);
      values[name] =
        scriptedValue ??
        (contest
          ? respellSometimes(rng, planned, contest.value)
          : answerCell(rng, planned, plan.gold.rows[r]!.cells[name]!, profile, plan.scripted));
    }
    returned.push({ ...nameRow(rng, plan, r), values, gold_row: r });
  });
  if (returned.length === 0 && plan.rows.length > 0 && !plan.scripted) {
    // A system that finds nothing at all is a different fixture; keep one row.
    const r = rng.int(0, plan.rows.length - 1);
    const values: Record<string, string> = {};
    for (const planned of plan.columns)
      values[planned.column.name] = answerCell(
        rng,
        planned,
        plan.gold.rows[r]!.cells[planned.column.name]!,
        profile,
        false,
      );
    returned.push({ ...nameRow(rng, plan, r), values, gold_row: r });
  }

  for (const extra of plan.extras) {
    const position = extra.systems.indexOf(systemIndex);
    if (position < 0) continue;
    const values: Record<string, string> = {};
    for (const planned of plan.columns) {
      const shared = extra.values[planned.column.name] ?? '';
      const roll = rng.next();
      values[planned.column.name] = roll < 0.75 ? shared : roll < 0.85 ? '' : planned.kind.gen(rng);
    }
    returned.push({ entity: extra.names[position % extra.names.length]!, values, gold_row: null, aligned_by: null });
  }
  // A one-off wrong entity: random in invented tasks, from one system only in the scripted one.
  if (!plan.scripted || systemIndex === 0) {
    if (plan.decoys.length > 0 && rng.chance(plan.scripted ? 1 : profile.decoyRate)) {
      const values: Record<string, string> = {};
      for (const planned of plan.columns) values[planned.column.name] = rng.chance(0.3) ? '' : planned.kind.gen(rng);
      returned.push({ entity: rng.pick(plan.decoys), values, gold_row: null, aligned_by: null });
    }
  }

  const table = rng.shuffle(returned);
  const citations: Citation[] = [];
  const graded = table.map((row, position) => gradeRow(rng, plan, row, position, citations));
  const alignments: Alignment[] = plan.rows.map((_, r) => {
    const position = table.findIndex((row) => row.gold_row === r);
    if (position < 0) return { gold_row: r, response_row: null, response_entity: null, aligned_by: null, cells: [] };
    const row = table[position]!;
    return {
      gold_row: r,
      response_row: position,
      response_entity: row.entity,
      aligned_by: row.aligned_by,
      cells: graded[position]!,
    };
  });
  table.forEach((row, position) => {
    if (row.gold_row === null)
      alignments.push({
        gold_row: null,
        response_row: position,
        response_entity: row.entity,
        aligned_by: null,
        cells: graded[position]!,
      });
  });

  const judged = alignments.reduce((n, a) => n + a.cells.filter((c) => c.method === 'llm_judge').length, 0);
  const llmAligned = alignments.filter((a) => a.aligned_by === 'llm').length;
  const judgeCostUsd = Math.round((0.00018 + 0.00004 * judged + 0.00003 * llmAligned) * 1e6) / 1e6;
  return {
    table: table.map((row) => ({ entity: row.entity, values: row.values })),
    alignments,
    citations,
    scores: scoreTask(plan.gold, alignments),
    judgeCostUsd,
  };
}

function nameRow(rng: Rng, plan: TaskPlan, r: number): { entity: string; aligned_by: Alignment['aligned_by'] } {
  const row = plan.rows[r]!;
  const roll = rng.next();
  if (row.aliases.length > 0 && roll < 0.3) return { entity: rng.pick(row.aliases), aligned_by: 'alias' };
  if (roll > 0.92) return { entity: row.llmName, aligned_by: 'llm' };
  // Names the grader still matches exactly once case and spacing are normalised.
  const spelled = rng.chance(0.15) ? (rng.chance(0.5) ? row.entity.toLowerCase() : ` ${row.entity} `) : row.entity;
  return { entity: spelled, aligned_by: 'name' };
}

function respellSometimes(rng: Rng, planned: PlannedColumn, value: string): string {
  const spellings = planned.kind.respell(value);
  return spellings.length > 0 && rng.chance(0.35) ? rng.pick(spellings) : value;
}

function answerCell(
  rng: Rng,
  planned: PlannedColumn,
  gold: GoldCellJson,
  profile: SystemProfile,
  scripted: boolean,
): string {
  const { kind } = planned;
  if ('ungraded' in gold) return rng.chance(0.3) ? '' : kind.gen(rng);
  if ('blank' in gold) return scripted || rng.chance(0.88) ? '' : kind.gen(rng);
  const roll = scripted ? 0 : rng.next();
  if (roll < profile.accuracy) {
    if (scripted || rng.chance(0.75)) return gold.value;
    const equivalents = [
      ...kind.respell(gold.value),
      ...(kind.judgeAccepts?.(gold.value) ?? []),
      ...(gold.alternatives ?? []),
    ];
    return equivalents.length > 0 ? rng.pick(equivalents) : gold.value;
  }
  if (roll < profile.accuracy + profile.emptyRate) return '';
  // An accepted spelling gold does not list yet: the dispute an engineer settles with accept_both.
  const unlisted = (kind.alternatives?.(gold.value) ?? []).filter((alt) => !(gold.alternatives ?? []).includes(alt));
  if (unlisted.length > 0 && rng.chance(0.3)) return rng.pick(unlisted);
  return wrongValue(rng, planned, gold) ?? '';
}

function gradeRow(rng: Rng, plan: TaskPlan, row: ReturnedRow, position: number, citations: Citation[]): GradedCell[] {
  const entitySlug = slug(row.entity);
  if (rng.chance(0.5)) {
    const site = rng.pick(plan.sourceHosts);
    citations.push({
      url: `https://${site}/${entitySlug}`,
      title: `${row.entity.trim()} — ${site.split('/')[0]!}`,
      row: position,
      column: plan.entityColumn,
    });
  }
  const cells: GradedCell[] = [];
  for (const planned of plan.columns) {
    const { column, kind } = planned;
    const response = row.values[column.name] ?? '';
    if (row.gold_row === null && response.trim() === '') continue;
    const gold: GoldCellJson =
      row.gold_row === null ? { value: '' } : plan.gold.rows[row.gold_row]!.cells[column.name]!;
    const outcome =
      row.gold_row === null
        ? gradeExtra(column.rule.type === 'llm_judge')
        : gradeCell(column.rule, gold, response, 'value' in gold ? (kind.judgeAccepts?.(gold.value) ?? []) : []);
    const cell: GradedCell = {
      column: column.name,
      gold: goldText(gold),
      response,
      verdict: outcome.verdict,
      method: outcome.method,
    };
    if (response.trim() !== '') {
      const url = `https://${rng.pick(plan.sourceHosts)}/${entitySlug}#${slug(column.name)}`;
      const roll = rng.next();
      // Sources live on the cell, or only in result.json's citations, or nowhere (row citations apply).
      if (roll < 0.35) cell.sources = [url];
      if (roll < 0.7)
        citations.push({ url, title: `${row.entity.trim()}: ${column.name}`, row: position, column: column.name });
    }
    if (outcome.reasoning !== undefined) cell.reasoning = outcome.reasoning;
    cells.push(cell);
  }
  return cells;
}

function gradeExtra(judged: boolean): {
  verdict: 'incorrect';
  method: 'deterministic' | 'llm_judge';
  reasoning?: string;
} {
  return judged
    ? { verdict: 'incorrect', method: 'llm_judge', reasoning: 'entity is not in the gold table' }
    : { verdict: 'incorrect', method: 'deterministic' };
}
