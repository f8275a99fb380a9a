// Computes the disputes a workspace should produce straight from its files,
// following design.md §5, without any of the importer's code.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeText } from '../../../shared/normalize';

interface Gold {
  entity_column: string;
  rows: { cells: Record<string, { ungraded?: boolean }> }[];
}

function decrypt(text: string, canary: string): string {
  const data = Buffer.from(text, 'base64');
  const key = createHash('sha256').update(canary).digest();
  return Buffer.from(data.map((byte, i) => byte ^ key[i % 32]!)).toString('utf8');
}

export interface ExpectedDisputes {
  cell: Map<string, Set<string>>;
  missingRow: Map<string, Set<string>>;
  failedTasks: number;
}

export function expectedDisputes(
  datasetPath: string,
  runDirs: readonly string[],
  cellsPath: string | null,
  minSystems = 2,
): ExpectedDisputes {
  const gold = new Map<string, Gold>();
  for (const line of readFileSync(datasetPath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as { id: string; gold: string; canary: string };
    gold.set(record.id, JSON.parse(decrypt(record.gold, record.canary)) as Gold);
  }
  const cell = new Map<string, Set<string>>();
  const extras = new Map<string, Set<string>>();
  let failedTasks = 0;

  const consider = (
    system: string,
    taskId: string,
    goldRow: number | null,
    entity: string | null,
    column: string,
    response: string,
    verdict: string,
  ): void => {
    const taskGold = gold.get(taskId);
    if (goldRow === null) return;
    if (taskGold && column === taskGold.entity_column) return;
    if (taskGold?.rows[goldRow]?.cells[column]?.ungraded) return;
    if (verdict !== 'incorrect' || response.trim() === '') return;
    const key = `${taskId}|${goldRow}|${column}`;
    if (!cell.has(key)) cell.set(key, new Set());
    cell.get(key)!.add(system);
  };
  const extra = (system: string, taskId: string, entity: string): void => {
    const key = `${taskId}|${normalizeText(entity)}`;
    if (!extras.has(key)) extras.set(key, new Set());
    extras.get(key)!.add(system);
  };

  for (const runDir of runDirs) {
    const system = (JSON.parse(readFileSync(join(runDir, 'config.json'), 'utf8')) as { system: { name: string } })
      .system.name;
    for (const folder of readdirSync(join(runDir, 'tasks'))) {
      const taskDir = join(runDir, 'tasks', folder);
      if (existsSync(join(taskDir, 'error.json')) && !existsSync(join(taskDir, 'grade.json'))) {
        failedTasks++;
        continue;
      }
      const grade = JSON.parse(readFileSync(join(taskDir, 'grade.json'), 'utf8')) as {
        task_id: string;
        details: {
          rows: {
            gold_row: number | null;
            response_entity: string | null;
            cells: { column: string; response: string; verdict: string }[];
          }[];
        };
      };
      for (const row of grade.details.rows) {
        if (row.gold_row === null) {
          if (row.response_entity) extra(system, grade.task_id, row.response_entity);
          continue;
        }
        for (const c of row.cells)
          consider(system, grade.task_id, row.gold_row, row.response_entity, c.column, c.response, c.verdict);
      }
    }
  }
  if (cellsPath) {
    for (const line of readFileSync(cellsPath, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line) as {
        task_id: string;
        system: string;
        gold_row: number | null;
        entity: string | null;
        response_entity: string | null;
        column: string;
        response: string;
        verdict: string;
      };
      if (c.gold_row === null) {
        if (c.response_entity) extra(c.system, c.task_id, c.response_entity);
      } else consider(c.system, c.task_id, c.gold_row, c.entity, c.column, c.response, c.verdict);
    }
  }
  const missingRow = new Map([...extras].filter(([, systems]) => systems.size >= minSystems));
  return { cell, missingRow, failedTasks };
}
