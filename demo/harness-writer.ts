// Harness run directories (design.md §4.2): results/runs/<system>-atlas-<hash>/
// with config, per-task result/grade (or error), and a summary at the end.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJson } from './files';
import { hex8 } from './prng';
import type { Scores, SystemAnswer, TaskPlan } from './types';
import { JUDGE_MODEL } from './vocab';

/** The harness's folder name for a task id: runs outside `[A-Za-z0-9._-]` become one `_`, trimmed. */
export function safeTaskId(taskId: string): string {
  return taskId.replace(/[^A-Za-z0-9._-]+/gu, '_').replace(/^_+|_+$/gu, '');
}

function escapeCell(value: string): string {
  return value.replace(/\\/gu, '\\\\').replace(/\|/gu, '\\|').replace(/\r?\n/gu, ' ');
}

export function markdownTable(entityColumn: string, columns: readonly string[], table: SystemAnswer['table']): string {
  const header = [entityColumn, ...columns];
  const lines = [`| ${header.map(escapeCell).join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of table)
    lines.push(`| ${[row.entity, ...columns.map((c) => row.values[c] ?? '')].map(escapeCell).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

interface RunTotals {
  tasks: number;
  graded: number;
  failed: string[];
  sums: Scores;
  cost: number;
}

// Fixed, per-system times: byte-identical output forbids the clock.
const BASE_TIME = Date.UTC(2026, 8, 28, 9, 0, 0);

export class HarnessWriter {
  readonly runDirs: string[];
  private readonly totals: RunTotals[];

  constructor(
    readonly runsDir: string,
    private readonly seed: number,
    private readonly systems: readonly string[],
  ) {
    this.runDirs = systems.map((system) => join(runsDir, `${system}-atlas-${hex8(`${seed}:run:${system}`)}`));
    this.totals = systems.map(() => ({
      tasks: 0,
      graded: 0,
      failed: [],
      sums: { discovery_f1: 0, item_f1: 0, row_f1: 0 },
      cost: 0,
    }));
  }

  createdAt(systemIndex: number): string {
    return new Date(BASE_TIME + systemIndex * 47 * 60_000).toISOString();
  }

  async init(): Promise<void> {
    await Promise.all(
      this.systems.map(async (system, i) => {
        await mkdir(join(this.runDirs[i]!, 'tasks'), { recursive: true });
        await writeJson(join(this.runDirs[i]!, 'config.json'), {
          system: { name: system },
          suite: 'atlas',
          suite_revision: 'v1.0',
          judge_model: JUDGE_MODEL,
          created_at: this.createdAt(i),
          seed: this.seed,
        });
      }),
    );
  }

  private async taskDir(systemIndex: number, taskId: string): Promise<string> {
    const dir = join(this.runDirs[systemIndex]!, 'tasks', safeTaskId(taskId));
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async writeGraded(systemIndex: number, plan: TaskPlan, answer: SystemAnswer, latency: number): Promise<void> {
    const dir = await this.taskDir(systemIndex, plan.id);
    const columns = plan.columns.map((c) => c.column.name);
    const result = {
      task_id: plan.id,
      system: this.systems[systemIndex],
      prompt: plan.question,
      answer: markdownTable(plan.entityColumn, columns, answer.table),
      citations: answer.citations,
      latency_s: latency,
    };
    const returned = answer.alignments.filter((a) => a.response_row !== null).length;
    const grade = {
      task_id: plan.id,
      scores: answer.scores,
      details: { gold_rows: plan.rows.length, returned_rows: returned, rows: answer.alignments },
      judge_cost_usd: answer.judgeCostUsd,
    };
    await Promise.all([writeJson(join(dir, 'result.json'), result), writeJson(join(dir, 'grade.json'), grade)]);
    const totals = this.totals[systemIndex]!;
    totals.tasks++;
    totals.graded++;
    totals.sums.discovery_f1 += answer.scores.discovery_f1;
    totals.sums.item_f1 += answer.scores.item_f1;
    totals.sums.row_f1 += answer.scores.row_f1;
    totals.cost += answer.judgeCostUsd;
  }

  async writeFailed(systemIndex: number, plan: TaskPlan): Promise<void> {
    const dir = await this.taskDir(systemIndex, plan.id);
    await writeJson(join(dir, 'error.json'), {
      task_id: plan.id,
      error: 'TimeoutError: system did not answer within 120 s',
      attempts: 3,
    });
    const totals = this.totals[systemIndex]!;
    totals.tasks++;
    totals.failed.push(plan.id);
  }

  async finish(): Promise<void> {
    const round = (n: number): number => Math.round(n * 1e6) / 1e6;
    await Promise.all(
      this.systems.map((system, i) => {
        const t = this.totals[i]!;
        // A failed task scores 0 and still counts in the average (design.md §7.3).
        const mean = (sum: number): number => (t.tasks === 0 ? 0 : round(sum / t.tasks));
        return writeJson(join(this.runDirs[i]!, 'summary.json'), {
          system,
          suite: 'atlas',
          suite_revision: 'v1.0',
          tasks: t.tasks,
          graded: t.graded,
          failed: t.failed,
          scores: {
            discovery_f1: mean(t.sums.discovery_f1),
            item_f1: mean(t.sums.item_f1),
            row_f1: mean(t.sums.row_f1),
          },
          judge_cost_usd: round(t.cost),
        });
      }),
    );
  }
}
