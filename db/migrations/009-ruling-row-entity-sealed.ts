// The dispute's gold row's entity when a ruling was made, sealed as this
// store seals it (never leaves the store): export compares it with the
// dispute's entity as stored before hashing names (db/export/patch-ops.ts).
// Its own migration: stores already at 008 (which added the entity keys) need
// it too. Rulings recorded before stay without one and are checked by key.
export const up = `
ALTER TABLE rulings ADD COLUMN gold_row_entity_s TEXT;
`;
