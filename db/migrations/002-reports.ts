// GitHub reports of gold errors (design.md §4.5). A report's title and body may
// quote gold, so they are sealed like gold (columns ending in _s). Parsed
// fields are derived (recomputed when the body or the store's tasks change);
// the engineer's hand fixes live apart in override_s and always win.
//
// IF NOT EXISTS: stores created while 002 was a placeholder are already at
// user_version 2 or later; a later migration can run this same SQL to add the tables.
export const up = `
CREATE TABLE IF NOT EXISTS reports (
  id INTEGER PRIMARY KEY,
  -- 'owner/name' ('' when the source names no repository); issue numbers are per repository.
  repo TEXT NOT NULL,
  number INTEGER NOT NULL CHECK (number > 0),
  title_s TEXT NOT NULL,
  body_s TEXT NOT NULL,
  url TEXT,
  author TEXT,
  labels_json TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
  created_at TEXT,
  updated_at TEXT,
  -- What re-import compares: title, body, state, labels, url, author.
  content_sha TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  -- The parser's whole answer (sealed JSON), and the engineer's corrections (sealed JSON).
  parsed_s TEXT,
  override_s TEXT,
  -- Effective fields (override, else parse), for queries and linking.
  task_id TEXT,
  gold_row INTEGER,
  column_name TEXT,
  column_score REAL,
  proposed_value_s TEXT,
  missing_entity_s TEXT,
  urls_s TEXT NOT NULL,
  confidence REAL,
  UNIQUE (repo, number)
) STRICT;
CREATE INDEX IF NOT EXISTS reports_by_number ON reports(number);
CREATE INDEX IF NOT EXISTS reports_by_cell ON reports(task_id, gold_row, column_name);

-- One dispute per report. Automatic links are recomputed after every import
-- (disputes are derived and rebuilt); manual links are the engineer's and kept.
-- No foreign key to disputes: a dispute id is stable while the row is rebuilt.
CREATE TABLE IF NOT EXISTS report_links (
  report_id INTEGER PRIMARY KEY REFERENCES reports(id) ON DELETE CASCADE,
  dispute_id TEXT NOT NULL,
  manual INTEGER NOT NULL CHECK (manual IN (0, 1)),
  linked_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS report_links_by_dispute ON report_links(dispute_id);
`;
