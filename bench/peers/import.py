#!/usr/bin/env python3
"""The import's peer: what a plain Python script does with the same workload.

Reads every file of the workload (dataset, run directories' grade.json files,
the flat *.cells.jsonl and judge files) with the json module, inserts one row
per graded cell into a bare SQLite table with the sqlite3 module in one
transaction (same pragmas as the real store), then derives "disputes" as a
GROUP BY of the cells whose verdict is not correct (task, gold row, column),
inserted into a second table. No validation, no sealing, no ranking: the
figure beside which the real import is judged.

Usage: import.py DB PATH...   Prints one JSON line like the bench's children
(wallMs and cpuMs from the start of the work, peakRssBytes).
"""
import json
import os
import resource
import sqlite3
import sys
import time


def text(value):
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value)


def main():
    db_path, paths = sys.argv[1], sys.argv[2:]
    started, cpu_started = time.perf_counter(), time.process_time()
    db = sqlite3.connect(db_path, isolation_level=None)
    db.execute('PRAGMA page_size = 16384')
    db.execute('PRAGMA journal_mode = WAL')
    db.execute('PRAGMA synchronous = FULL')
    db.execute('CREATE TABLE IF NOT EXISTS cells (task_id TEXT, source TEXT, gold_row INTEGER, column_name TEXT, gold TEXT, response TEXT, verdict TEXT)')
    db.execute('CREATE TABLE IF NOT EXISTS disputes (task_id TEXT, gold_row INTEGER, column_name TEXT, incorrect INTEGER, values_json TEXT)')
    counts = {'files': 0, 'cells': 0}
    insert = 'INSERT INTO cells VALUES (?, ?, ?, ?, ?, ?, ?)'

    def cell_row(task_id, source, gold_row, cell):
        counts['cells'] += 1
        return (text(task_id), source, gold_row if isinstance(gold_row, int) else None,
                text(cell.get('column')), text(cell.get('gold')), text(cell.get('response')), text(cell.get('verdict')))

    def visit(path):
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                visit(os.path.join(path, name))
            return
        counts['files'] += 1
        with open(path, encoding='utf-8') as f:
            body = f.read()
        if path.endswith('.jsonl'):
            is_cells = path.endswith('.cells.jsonl')
            rows = []
            for line in body.split('\n'):
                if line.strip() == '':
                    continue
                record = json.loads(line)
                if is_cells:
                    rows.append(cell_row(record.get('task_id'), str(record.get('system')), record.get('gold_row'), record))
            db.executemany(insert, rows)
            return
        document = json.loads(body)
        if not path.endswith('grade.json'):
            return
        rows = [cell_row(document.get('task_id'), path, row.get('gold_row'), cell)
                for row in (document.get('details') or {}).get('rows') or []
                for cell in row.get('cells') or []]
        db.executemany(insert, rows)

    db.execute('BEGIN')
    for path in paths:
        visit(path)
    db.execute("""INSERT INTO disputes
                  SELECT task_id, gold_row, column_name, count(*), json_group_array(response)
                    FROM cells WHERE verdict IS NOT 'correct' GROUP BY task_id, gold_row, column_name""")
    disputes = db.execute('SELECT count(*) FROM disputes').fetchone()[0]
    db.execute('COMMIT')
    db.close()
    print(json.dumps({
        'wallMs': (time.perf_counter() - started) * 1000,
        'cpuMs': (time.process_time() - cpu_started) * 1000,
        'peakRssBytes': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        'files': counts['files'], 'cells': counts['cells'], 'disputes': disputes,
    }))


if __name__ == '__main__':
    main()
