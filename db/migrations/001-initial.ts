// Columns ending in _s hold text sealed with the store key (db/seal.ts): gold
// and everything that may repeat it stays encrypted at rest.
export const up = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

CREATE TABLE datasets (
  id INTEGER PRIMARY KEY,
  sha256 TEXT NOT NULL UNIQUE,
  revision TEXT,
  path TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('jsonl', 'parquet')),
  imported_at TEXT NOT NULL
) STRICT;

CREATE TABLE tasks (
  task_id TEXT PRIMARY KEY,
  canary TEXT NOT NULL,
  question_enc TEXT NOT NULL,
  gold_enc TEXT NOT NULL,
  entity_column TEXT NOT NULL,
  dataset_id INTEGER NOT NULL REFERENCES datasets(id)
) STRICT;

CREATE TABLE task_columns (
  task_id TEXT NOT NULL REFERENCES tasks(task_id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  rule_type TEXT NOT NULL,
  rule_json TEXT NOT NULL,
  PRIMARY KEY (task_id, name)
) STRICT;

CREATE TABLE gold_rows (
  task_id TEXT NOT NULL REFERENCES tasks(task_id) ON DELETE CASCADE,
  row_idx INTEGER NOT NULL,
  entity_s TEXT NOT NULL,
  aliases_s TEXT NOT NULL,
  PRIMARY KEY (task_id, row_idx)
) STRICT;

CREATE TABLE gold_cells (
  task_id TEXT NOT NULL,
  row_idx INTEGER NOT NULL,
  column_name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('value', 'blank', 'ungraded')),
  value_s TEXT,
  alternatives_s TEXT NOT NULL,
  sources_s TEXT NOT NULL,
  PRIMARY KEY (task_id, row_idx, column_name),
  FOREIGN KEY (task_id, row_idx) REFERENCES gold_rows(task_id, row_idx) ON DELETE CASCADE
) STRICT;

CREATE TABLE systems (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE) STRICT;

CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  run_key TEXT NOT NULL UNIQUE,
  system_id INTEGER NOT NULL REFERENCES systems(id),
  source_path TEXT NOT NULL,
  format TEXT NOT NULL,
  suite_revision TEXT,
  judge_model TEXT,
  created_at TEXT
) STRICT;

CREATE TABLE run_tasks (
  run_id INTEGER NOT NULL REFERENCES runs(id),
  task_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('graded', 'failed')),
  content_sha TEXT NOT NULL,
  path TEXT NOT NULL,
  discovery_f1 REAL,
  item_f1 REAL,
  row_f1 REAL,
  returned_rows INTEGER,
  PRIMARY KEY (run_id, task_id)
) STRICT;
CREATE INDEX run_tasks_by_task ON run_tasks(task_id);

CREATE TABLE run_rows (
  run_id INTEGER NOT NULL,
  task_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  gold_row INTEGER,
  response_row INTEGER,
  response_entity_s TEXT,
  entity_key TEXT,
  aligned_by TEXT,
  PRIMARY KEY (run_id, task_id, seq),
  FOREIGN KEY (run_id, task_id) REFERENCES run_tasks(run_id, task_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX run_rows_extras ON run_rows(task_id, entity_key) WHERE gold_row IS NULL;

CREATE TABLE system_cells (
  run_id INTEGER NOT NULL,
  task_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  gold_row INTEGER,
  column_name TEXT NOT NULL,
  gold_s TEXT NOT NULL,
  response_s TEXT NOT NULL,
  response_empty INTEGER NOT NULL,
  verdict TEXT NOT NULL,
  method TEXT NOT NULL,
  sources_s TEXT NOT NULL,
  reasoning_s TEXT
) STRICT;
-- The largest table (one row per graded cell, ~500k at full scale): one index
-- only, which serves every access path: a gold cell (task, row, column), a
-- whole task (dispute derivation), and one run's task or row (task prefix,
-- then run_id and seq read from the index itself). It also covers what
-- derivation reads (verdict, blank flag, sealed response), so deriving a task
-- is one index range with no table lookups. No composite primary key and no
-- foreign key to run_rows: each would be another B-tree or lookup per insert,
-- and a cascade from run_rows would need an index led by run_id. The writer
-- keeps the invariant instead: a run task's cells, rows and run_tasks row are
-- deleted and inserted together, one (seq, column) at most once.
CREATE INDEX system_cells_by_gold_cell ON system_cells(task_id, gold_row, column_name, run_id, seq, verdict, response_empty, response_s);

CREATE TABLE judge_opinions (
  content_sha TEXT PRIMARY KEY,
  task_id TEXT NOT NULL,
  gold_row INTEGER,
  entity_s TEXT,
  column_name TEXT,
  judge TEXT NOT NULL,
  verdict TEXT NOT NULL,
  value_s TEXT,
  sources_s TEXT NOT NULL,
  reasoning_s TEXT
) STRICT;
CREATE INDEX judge_opinions_by_cell ON judge_opinions(task_id, gold_row, column_name);

-- Derived from the tables above; rebuilt per task after every import.
CREATE TABLE disputes (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('cell', 'missing_row', 'report')),
  task_id TEXT NOT NULL,
  gold_row INTEGER,
  column_name TEXT,
  entity_key TEXT,
  entity_s TEXT NOT NULL,
  rule_type TEXT,
  gold_state TEXT NOT NULL,
  gold_value_s TEXT,
  top_value_s TEXT,
  top_count INTEGER NOT NULL,
  contesting INTEGER NOT NULL,
  priority INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'conflict')),
  settled_by_revision TEXT,
  has_report INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX disputes_by_priority ON disputes(priority);
CREATE INDEX disputes_by_status ON disputes(status, priority);
CREATE INDEX disputes_by_kind ON disputes(kind, status, priority);
CREATE INDEX disputes_by_column ON disputes(column_name, status, priority);
CREATE INDEX disputes_by_task ON disputes(task_id, priority);

CREATE TABLE dispute_clusters (
  dispute_id TEXT NOT NULL REFERENCES disputes(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  norm_key TEXT NOT NULL,
  value_s TEXT NOT NULL,
  agrees_with_gold INTEGER NOT NULL,
  systems_json TEXT NOT NULL,
  PRIMARY KEY (dispute_id, idx)
) STRICT, WITHOUT ROWID; -- one B-tree, not a table plus its key index: rows are small (a 10 MiB value still works, in overflow pages)

-- Keyed by dispute first: deleting a dispute cascades here, and a dispute's
-- systems are listed, by primary key (a key led by system made both a full
-- scan per dispute). The queue's system filter probes this key row by row in
-- priority order; the second index serves lookups by system.
CREATE TABLE dispute_systems (
  dispute_id TEXT NOT NULL REFERENCES disputes(id) ON DELETE CASCADE,
  system TEXT NOT NULL,
  PRIMARY KEY (dispute_id, system)
) STRICT, WITHOUT ROWID;
CREATE INDEX dispute_systems_by_system ON dispute_systems(system, dispute_id);

-- Append-only events (triggers below). No foreign key to disputes: a ruling
-- from another engineer's log may arrive before its dispute exists here.
CREATE TABLE rulings (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  dispute_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  task_id TEXT NOT NULL,
  gold_row INTEGER,
  column_name TEXT,
  entity_key TEXT,
  engineer TEXT NOT NULL,
  decision TEXT NOT NULL,
  value_s TEXT,
  values_s TEXT,
  row_idx INTEGER,
  rationale_s TEXT,
  evidence_s TEXT NOT NULL,
  revision TEXT,
  created_at TEXT NOT NULL,
  retracts TEXT
);
CREATE INDEX rulings_by_dispute ON rulings(dispute_id, engineer, seq);
CREATE TRIGGER rulings_are_append_only_update BEFORE UPDATE ON rulings
  BEGIN SELECT RAISE(ABORT, 'rulings are append-only'); END;
CREATE TRIGGER rulings_are_append_only_delete BEFORE DELETE ON rulings
  BEGIN SELECT RAISE(ABORT, 'rulings are append-only'); END;

-- Each engineer's counted ruling per dispute: a cache of the rulings table,
-- rewritten whenever a ruling arrives (rulings themselves never change).
CREATE TABLE positions (
  dispute_id TEXT NOT NULL,
  engineer TEXT NOT NULL,
  ruling_id TEXT NOT NULL,
  decision TEXT NOT NULL,
  agreement_key TEXT NOT NULL,
  PRIMARY KEY (dispute_id, engineer)
) STRICT, WITHOUT ROWID;
CREATE INDEX positions_by_engineer ON positions(engineer, dispute_id);
`;
