// Blind-judge opinions (design.md §4.4) on some of the disagreements a task plans:
// context for the engineer, deliberately not always unanimous.
import { slug } from './naming';
import { Rng } from './prng';
import type { TaskPlan } from './types';
import { goldText } from './verdict';
import { JUDGES } from './vocab';

export type JudgeVerdict = 'gold' | 'system' | 'both' | 'neither' | 'unclear';

export interface JudgeOpinion {
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
  judge: string;
  verdict: JudgeVerdict;
  value: string | null;
  sources: string[];
  reasoning: string;
}

const VERDICTS: JudgeVerdict[] = ['gold', 'gold', 'gold', 'system', 'system', 'system', 'both', 'neither', 'unclear'];

export function judgeOpinions(seed: number, plan: TaskPlan): JudgeOpinion[] {
  const rng = Rng.derive(seed, 'judges', plan.id);
  const host = plan.sourceHosts[0]!;
  const out: JudgeOpinion[] = [];
  for (const contest of plan.contests) {
    if (!rng.chance(0.6)) continue;
    const goldRow = plan.gold.rows[contest.row]!;
    const gold = goldText(goldRow.cells[contest.column]!);
    const source = `https://${host}/${slug(goldRow.entity)}#${slug(contest.column)}`;
    for (const judge of rng.sample(JUDGES, rng.int(1, 2))) {
      const verdict = rng.pick(VERDICTS);
      const value = verdict === 'gold' ? gold : verdict === 'system' || verdict === 'both' ? contest.value : null;
      const reasoning = {
        gold: `Source confirms the gold value${gold === '' ? ' (no data exists)' : ` "${gold}"`}.`,
        system: `Source supports "${contest.value}", which ${contest.systems.length} systems returned.`,
        both: `Both "${gold}" and "${contest.value}" are defensible readings of the column.`,
        neither: 'Neither the gold value nor the systems’ value matches the primary source.',
        unclear: 'Sources conflict; could not settle this cell.',
      }[verdict];
      out.push({
        task_id: plan.id,
        gold_row: contest.row,
        entity: goldRow.entity,
        column: contest.column,
        judge,
        verdict,
        value,
        sources: verdict === 'unclear' ? [] : [source],
        reasoning,
      });
    }
  }
  const extra = plan.extras[0];
  if (extra && rng.chance(0.5)) {
    const entity = extra.names[0]!;
    const verdict: JudgeVerdict = rng.chance(0.6) ? 'system' : 'gold';
    out.push({
      task_id: plan.id,
      gold_row: null,
      entity,
      column: null,
      judge: rng.pick(JUDGES),
      verdict,
      value: verdict === 'system' ? entity : null,
      sources: [`https://${host}/${slug(entity)}`],
      reasoning:
        verdict === 'system'
          ? `"${entity}" meets every condition of the question; gold should list it.`
          : `"${entity}" fails a condition of the question.`,
    });
  }
  return out;
}
