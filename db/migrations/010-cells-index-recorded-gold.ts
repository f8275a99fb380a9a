// The cells' covering index also holds the gold each cell was graded against,
// so derivation can tell a verdict given against other gold (a revision
// changed the cell since) from one given against the gold the store holds,
// reading the same index range it already reads (db/disputes/statements.ts).
// Built again whole: SQLite cannot add a column to an index.
export const up = `
DROP INDEX system_cells_by_gold_cell;
CREATE INDEX system_cells_by_gold_cell ON system_cells(task_id, gold_row, column_name, run_id, seq, verdict, response_empty, response_s, gold_s);
`;
