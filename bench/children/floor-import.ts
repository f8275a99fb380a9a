// The import floor (issue 6): read every file of the workload, JSON.parse it,
// and insert one row per graded cell into a bare SQLite table with one
// prepared statement in one transaction. Same pragmas as the real store, so
// the difference is the real import's own work.
// Usage: floor-import.ts DB PATH...
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { report, startTimer } from './report';

interface Cell {
  column?: unknown;
  gold?: unknown;
  response?: unknown;
  verdict?: unknown;
}
interface Row {
  gold_row?: unknown;
  cells?: Cell[];
}

const [dbPath = ':memory:', ...paths] = process.argv.slice(2);
const timer = startTimer();
const db = new Database(dbPath);
db.pragma('page_size = 16384');
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(
  'CREATE TABLE IF NOT EXISTS cells (task_id TEXT, source TEXT, gold_row INTEGER, column_name TEXT, gold TEXT, response TEXT, verdict TEXT)',
);
const insert = db.prepare('INSERT INTO cells VALUES (?, ?, ?, ?, ?, ?, ?)');
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === undefined || value === null ? null : JSON.stringify(value);
let files = 0;
let cells = 0;

function insertCell(taskId: unknown, source: string, goldRow: unknown, cell: Cell): void {
  insert.run(
    text(taskId),
    source,
    typeof goldRow === 'number' ? goldRow : null,
    text(cell.column),
    text(cell.gold),
    text(cell.response),
    text(cell.verdict),
  );
  cells++;
}

function visit(path: string): void {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) visit(join(path, name));
    return;
  }
  files++;
  const body = readFileSync(path, 'utf8');
  if (path.endsWith('.jsonl')) {
    const isCells = path.endsWith('.cells.jsonl');
    for (const line of body.split('\n')) {
      if (line.trim() === '') continue;
      const record = JSON.parse(line) as Cell & { task_id?: unknown; system?: unknown; gold_row?: unknown };
      if (isCells) insertCell(record.task_id, String(record.system), record.gold_row, record);
    }
    return;
  }
  const document = JSON.parse(body) as { task_id?: unknown; details?: { rows?: Row[] } };
  if (!path.endsWith('grade.json')) return;
  for (const row of document.details?.rows ?? [])
    for (const cell of row.cells ?? []) insertCell(document.task_id, path, row.gold_row, cell);
}

db.transaction(() => {
  for (const path of paths) visit(path);
})();
db.close();
report(timer, { files, cells });
