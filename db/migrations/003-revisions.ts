// Exported revisions and what they settled (design.md §6, §7; issue: tagged revisions).
//
// revisions: one row per tag. content_sha256 identifies the gold changes
// (the same for the encrypted and the plaintext export), so re-exporting a tag
// with the same changes is a no-op and with different ones is refused.
// revision_outputs holds the sha256 of each revised dataset this store wrote
// by applying the patch (JSONL and Parquet differ); importing a dataset with
// one of those hashes as the base settles the revision.
//
// revision_disputes: the disputes a revision's patch changes gold for.
// revision_settlements: the durable record that a dispute was settled by an
// imported revision; disputes rows are derived (deleted and rebuilt per task),
// so their settled_by_revision column is re-applied from here after derivation.
// runs_through is the highest run id present when the revision was imported:
// runs imported later were graded against the new gold and open fresh disputes.
//
// IF NOT EXISTS: stores created while 003 was a placeholder are already at
// user_version 3; a later migration can run this same SQL to add the tables.
export const up = `
CREATE TABLE IF NOT EXISTS revisions (
  tag TEXT PRIMARY KEY,
  base_revision TEXT NOT NULL,
  base_sha256 TEXT,
  created_at TEXT,
  created_by TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  operations INTEGER NOT NULL,
  patch_sha256 TEXT NOT NULL,
  content_sha256 TEXT NOT NULL,
  encrypted INTEGER NOT NULL,
  imported_at TEXT
) STRICT;

CREATE TABLE IF NOT EXISTS revision_outputs (
  dataset_sha256 TEXT PRIMARY KEY,
  revision TEXT NOT NULL REFERENCES revisions(tag),
  format TEXT NOT NULL,
  written_at TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS revision_disputes (
  revision TEXT NOT NULL REFERENCES revisions(tag),
  dispute_id TEXT NOT NULL,
  PRIMARY KEY (revision, dispute_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS revision_settlements (
  dispute_id TEXT NOT NULL,
  revision TEXT NOT NULL REFERENCES revisions(tag),
  runs_through INTEGER NOT NULL,
  settled_at TEXT NOT NULL,
  PRIMARY KEY (dispute_id, revision)
) STRICT, WITHOUT ROWID;
`;
