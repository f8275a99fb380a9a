// The gold error-rate audit (design.md §10). A round is one seeded draw: the
// sizes asked, the frame sizes N_h of that moment and who drew it. Its id is
// a hash of the seed, the sizes and the earlier rounds' ids, so the same draw
// in another store (or a log's copy of it) is the same round. A cell is drawn
// once in a store's whole audit (UNIQUE on its natural key); its id hashes
// that key, so verdicts from any store meet on it. The gold value audited is
// sealed, as gold is everywhere at rest. Verdicts are append-only events like
// rulings; reveals record that an engineer asked to see the systems' values
// of a cell (their later verdict on it is "unblinded").
//
// IF NOT EXISTS throughout: the statements are safe to run again.
export const up = `
CREATE TABLE IF NOT EXISTS audit_rounds (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  seed TEXT NOT NULL,
  disputed_asked INTEGER NOT NULL CHECK (disputed_asked >= 0),
  undisputed_asked INTEGER NOT NULL CHECK (undisputed_asked >= 0),
  disputed_frame INTEGER NOT NULL CHECK (disputed_frame >= 0),
  undisputed_frame INTEGER NOT NULL CHECK (undisputed_frame >= 0),
  drawn_by TEXT NOT NULL,
  drawn_at TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS audit_cells (
  id TEXT PRIMARY KEY,
  round_id TEXT NOT NULL REFERENCES audit_rounds(id),
  -- The order drawn within its round and stratum: the review goes through cells in this order.
  draw_idx INTEGER NOT NULL,
  task_id TEXT NOT NULL,
  gold_row INTEGER NOT NULL,
  column_name TEXT NOT NULL,
  stratum TEXT NOT NULL CHECK (stratum IN ('disputed', 'undisputed')),
  gold_state TEXT NOT NULL CHECK (gold_state IN ('value', 'blank')),
  gold_value_s TEXT,
  -- The dispute a settled 'incorrect' raised or joined: its ruling is the fix.
  dispute_id TEXT,
  UNIQUE (task_id, gold_row, column_name)
) STRICT;
CREATE INDEX IF NOT EXISTS audit_cells_by_round ON audit_cells(round_id, stratum, draw_idx);

CREATE TABLE IF NOT EXISTS audit_verdicts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  cell_id TEXT NOT NULL REFERENCES audit_cells(id),
  engineer TEXT NOT NULL,
  verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'incorrect', 'unsure')),
  rationale_s TEXT,
  evidence_s TEXT NOT NULL,
  unblinded INTEGER NOT NULL CHECK (unblinded IN (0, 1)),
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_verdicts_by_cell ON audit_verdicts(cell_id, engineer, created_at, id);
CREATE TRIGGER IF NOT EXISTS audit_verdicts_are_append_only_update BEFORE UPDATE ON audit_verdicts
  BEGIN SELECT RAISE(ABORT, 'audit verdicts are append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_verdicts_are_append_only_delete BEFORE DELETE ON audit_verdicts
  BEGIN SELECT RAISE(ABORT, 'audit verdicts are append-only'); END;

CREATE TABLE IF NOT EXISTS audit_reveals (
  cell_id TEXT NOT NULL REFERENCES audit_cells(id),
  engineer TEXT NOT NULL,
  revealed_at TEXT NOT NULL,
  PRIMARY KEY (cell_id, engineer)
) STRICT, WITHOUT ROWID;
`;
