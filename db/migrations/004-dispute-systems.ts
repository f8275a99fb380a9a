// A dispute's systems as one column instead of a row per (dispute, system).
//
// dispute_systems held ~10 rows per dispute (384k at full scale) in two
// B-trees; writing them was a third of dispute derivation. The queue's system
// filter walks disputes in priority order anyway, so testing a column of the
// row it is on is cheaper than a key probe into another table.
//
// The format written here, the names sorted, JSON-quoted, joined and wrapped
// by commas (`,"kestrel","orion",`), was not exact: a name may hold commas,
// and `,","` then matched between two other names. Migration 005 rewrites
// the column with one name a line. (json_quote() writes the same text as
// JSON.stringify.)
export const up = `
ALTER TABLE disputes ADD COLUMN systems TEXT NOT NULL DEFAULT ',';
UPDATE disputes SET systems = coalesce(
  (SELECT ',' || group_concat(json_quote(s.system), ',' ORDER BY s.system) || ',' FROM dispute_systems s WHERE s.dispute_id = disputes.id),
  ','
);
DROP TABLE dispute_systems;
`;
