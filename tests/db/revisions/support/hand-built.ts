// Hand-written inputs in the formats of design.md §4: a dataset file and harness
// run directories, small enough to compute every score by hand.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canaryEncrypt } from '../support';

export interface HandTask {
  id: string;
  question: string;
  canary: string;
  gold: {
    entity_column: string;
    columns: { name: string; rule: Record<string, unknown> }[];
    rows: { entity: string; aliases: string[]; cells: Record<string, Record<string, unknown>> }[];
  };
}

export function writeDataset(path: string, tasks: readonly HandTask[]): void {
  const lines = tasks.map((t) =>
    JSON.stringify({
      id: t.id,
      question: canaryEncrypt(t.question, t.canary),
      gold: canaryEncrypt(JSON.stringify(t.gold), t.canary),
      canary: t.canary,
    }),
  );
  writeFileSync(path, `${lines.join('\n')}\n`);
}

export interface HandCell {
  column: string;
  gold?: string;
  response: string;
  verdict: 'correct' | 'incorrect' | 'missing' | 'blank_ok' | 'ungraded';
  method?: 'deterministic' | 'llm_judge';
}

export interface HandAlignment {
  gold_row: number | null;
  response_row: number | null;
  response_entity: string | null;
  cells: HandCell[];
}

export interface HandRunTask {
  task_id: string;
  /** No grade: the task failed (error.json). */
  failed?: boolean;
  /** What grade.json claims. */
  scores?: { discovery_f1: number; item_f1: number; row_f1: number };
  rows?: HandAlignment[];
}

/** Writes `<runsDir>/<system>-atlas-<suffix>/` in the harness layout and returns its path. */
export function writeRun(runsDir: string, system: string, suffix: string, tasks: readonly HandRunTask[]): string {
  const dir = join(runsDir, `${system}-atlas-${suffix}`);
  mkdirSync(join(dir, 'tasks'), { recursive: true });
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      system: { name: system },
      suite: 'atlas',
      suite_revision: 'v1.0',
      judge_model: 'judge',
      created_at: '2026-01-01T00:00:00Z',
    }),
  );
  tasks.forEach((task, index) => {
    const taskDir = join(dir, 'tasks', `t${index}`);
    mkdirSync(taskDir);
    if (task.failed) {
      writeFileSync(join(taskDir, 'error.json'), JSON.stringify({ task_id: task.task_id, error: 'timeout' }));
      return;
    }
    const rows = (task.rows ?? []).map((row) => ({
      ...row,
      aligned_by: row.gold_row === null || row.response_row === null ? null : 'name',
      cells: row.cells.map((cell) => ({ gold: '', method: 'deterministic', sources: [], ...cell })),
    }));
    writeFileSync(
      join(taskDir, 'result.json'),
      JSON.stringify({ task_id: task.task_id, prompt: '', answer: '', citations: [] }),
    );
    writeFileSync(
      join(taskDir, 'grade.json'),
      JSON.stringify({ task_id: task.task_id, scores: task.scores, details: { rows }, judge_cost_usd: 0 }),
    );
  });
  writeFileSync(join(dir, 'summary.json'), '{}');
  return dir;
}
