// Plans one invented task: gold table, and where systems will disagree with it
// (clusters on wrong values, filled blanks, extra entities several return).
import { COLUMN_POOL } from './columns';
import { NameBook, caseSpacingVariants, slug } from './naming';
import { Rng, hex8 } from './prng';
import type { Contest, ExtraEntity, GoldCellJson, GoldJson, PlannedColumn, PlannedRow, TaskPlan } from './types';
import { gradeCell } from './verdict';
import { CONDITIONS, REGIONS, TOPICS } from './vocab';

export interface PlanOptions {
  seed: number;
  index: number;
  /** Systems that answer the task: harness systems plus the flat-file one. */
  graders: number;
  minRows: number;
  maxRows: number;
  minColumns: number;
  maxColumns: number;
  /** Forces at least one ungraded cell (the first invented task). */
  wantUngraded: boolean;
}

export const pad4 = (n: number): string => String(n).padStart(4, '0');

export function taskId(index: number, label: string): string {
  // Every fifth id carries `/`, `:` and a space, so its harness folder name differs from it.
  return index % 5 === 3 ? `atlas/${pad4(index + 1)}:${label}` : `atlas-${pad4(index + 1)}`;
}

export function canaryFor(seed: number, id: string): string {
  return `ATLAS canary ${hex8(`${seed}:${id}:a`)}${hex8(`${seed}:${id}:b`)}`;
}

function chooseColumns(rng: Rng, count: number): PlannedColumn[] {
  const chosen = rng.sample(COLUMN_POOL, count);
  // Every task gets a judge-graded column: the llm_judge path must appear everywhere.
  if (!chosen.some((c) => c.column.rule.type === 'llm_judge')) {
    chosen[chosen.length - 1] = rng.pick(COLUMN_POOL.filter((c) => c.column.rule.type === 'llm_judge'));
  }
  return chosen;
}

/** A wrong value for `gold`, checked against the grader model (never silently correct). */
export function wrongValue(rng: Rng, planned: PlannedColumn, gold: GoldCellJson): string | null {
  if (!('value' in gold)) return planned.kind.gen(rng);
  const accepts = planned.kind.judgeAccepts?.(gold.value) ?? [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = planned.kind.wrong(rng, gold.value);
    if (gradeCell(planned.column.rule, gold, candidate, accepts).verdict === 'incorrect') return candidate;
  }
  return null;
}

export function planGenericTask(options: PlanOptions): TaskPlan {
  const { seed, index, graders } = options;
  const rng = Rng.derive(seed, 'task', index);
  const topic = rng.pick(TOPICS);
  const region = rng.pick(REGIONS);
  const place = region.replace(/^the /u, '');
  const condition = rng.pick(CONDITIONS);
  const id = taskId(index, `${place.toLowerCase()} ${topic.label}`);
  const sourceHost = `${slug(place)}-register.example`;
  const columns = chooseColumns(rng, Math.min(COLUMN_POOL.length, rng.int(options.minColumns, options.maxColumns)));
  const names = new NameBook(rng, topic.suffixes);

  const rowCount = rng.int(options.minRows, options.maxRows);
  const rows: PlannedRow[] = [];
  const gold: GoldJson = {
    entity_column: topic.entityColumn,
    columns: [{ name: topic.entityColumn, rule: { type: 'entity' } }, ...columns.map((c) => c.column)],
    rows: [],
  };
  for (let r = 0; r < rowCount; r++) {
    const { name, stem, suffix } = names.fresh(NameBook.scriptFor(index, r));
    const aliases = rng.chance(0.3) ? names.aliasesFor(name, stem, place) : [];
    rows.push({ entity: name, aliases, llmName: names.llmNameFor(stem, suffix, place) });
    const cells: Record<string, GoldCellJson> = {};
    for (const { column, kind } of columns) {
      const roll = rng.next();
      if (roll < 0.05) cells[column.name] = { blank: true };
      else if (roll < 0.075) cells[column.name] = { ungraded: true };
      else {
        const value = kind.gen(rng);
        const cell: { value: string; sources?: string[]; alternatives?: string[] } = { value };
        if (rng.chance(0.4)) cell.sources = [`https://${sourceHost}/entries/${slug(name)}#${slug(column.name)}`];
        const alternatives = kind.alternatives?.(value) ?? [];
        if (alternatives.length > 0 && rng.chance(0.5)) cell.alternatives = alternatives;
        cells[column.name] = cell;
      }
    }
    gold.rows.push({ entity: name, aliases, cells });
  }

  ensureState(rng, gold, 'blank', true);
  ensureState(rng, gold, 'ungraded', options.wantUngraded || rng.chance(0.5));

  const contests = graders >= 2 ? planContests(rng, gold, columns, graders) : [];
  const extras: ExtraEntity[] = [];
  if (graders >= 2) {
    extras.push(planExtra(rng, names.fresh().name, columns, graders, 4));
    if (rng.chance(0.35)) extras.push(planExtra(rng, names.fresh().name, columns, graders, 3));
  }
  const decoys = Array.from({ length: 4 }, () => names.fresh().name);

  const columnList = columns.map((c) => c.column.name).join('; ');
  const question =
    `Which ${topic.plural} in the fictional region of ${region} ${condition}? Find every one. ` +
    `Return a table with one row per entity and these columns: ${topic.entityColumn}; ${columnList}. ` +
    'Leave a cell empty when no data exists. (Invented demo task: every name and value is fictional.)';

  return {
    id,
    canary: canaryFor(seed, id),
    question,
    entityColumn: topic.entityColumn,
    columns,
    rows,
    gold,
    contests,
    extras,
    forced: [],
    scripted: false,
    misses: [],
    decoys,
    sourceHosts: [`${sourceHost}/entries`, 'wiki.example/wiki', `${slug(place)}-news.example/articles`],
  };
}

/** Makes sure some cell of the table is blank (or ungraded), so every task shows the state. */
function ensureState(rng: Rng, gold: GoldJson, state: 'blank' | 'ungraded', wanted: boolean): void {
  if (!wanted) return;
  const has = gold.rows.some((row) => Object.values(row.cells).some((cell) => state in cell));
  if (has) return;
  const candidates: [number, string][] = [];
  gold.rows.forEach((row, r) => {
    for (const [column, cell] of Object.entries(row.cells)) if ('value' in cell) candidates.push([r, column]);
  });
  if (candidates.length === 0) return;
  const [r, column] = rng.pick(candidates);
  gold.rows[r]!.cells[column] = state === 'blank' ? { blank: true } : { ungraded: true };
}

function planContests(rng: Rng, gold: GoldJson, columns: PlannedColumn[], graders: number): Contest[] {
  const valueCells: [number, PlannedColumn][] = [];
  const blankCells: [number, PlannedColumn][] = [];
  gold.rows.forEach((row, r) => {
    for (const planned of columns) {
      const cell = row.cells[planned.column.name]!;
      if ('value' in cell) valueCells.push([r, planned]);
      else if ('blank' in cell) blankCells.push([r, planned]);
    }
  });
  const contests: Contest[] = [];
  const wanted = 1 + Math.floor(valueCells.length / 25);
  for (const [r, planned] of rng.sample(valueCells, wanted)) {
    const value = wrongValue(rng, planned, gold.rows[r]!.cells[planned.column.name]!);
    if (value === null) continue;
    const size = rng.int(2, Math.min(5, graders));
    contests.push({
      row: r,
      column: planned.column.name,
      value,
      systems: rng.sample(range(graders), size).sort((a, b) => a - b),
    });
  }
  // Systems filling a cell gold marks blank: a dispute the engineer settles with mark_blank or a value.
  for (const [r, planned] of blankCells) {
    if (!rng.chance(0.5)) continue;
    const size = rng.int(2, Math.min(3, graders));
    contests.push({
      row: r,
      column: planned.column.name,
      value: planned.kind.gen(rng),
      systems: rng.sample(range(graders), size).sort((a, b) => a - b),
    });
  }
  return contests;
}

function planExtra(rng: Rng, name: string, columns: PlannedColumn[], graders: number, most: number): ExtraEntity {
  const size = rng.int(2, Math.min(most, graders));
  const values: Record<string, string> = {};
  for (const { column, kind } of columns) values[column.name] = kind.gen(rng);
  return { names: caseSpacingVariants(name), values, systems: rng.sample(range(graders), size).sort((a, b) => a - b) };
}

export function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
