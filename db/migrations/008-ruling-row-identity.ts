// Which entity a ruling's gold rows were when it was made (an entity key:
// a hash of the normalised name), so a ruling merged into a store whose gold
// rows moved (a revision removed a row) is refused instead of attaching to
// another entity's row. Rulings recorded before stay without one.
export const up = `
ALTER TABLE rulings ADD COLUMN gold_row_entity_key TEXT;
ALTER TABLE rulings ADD COLUMN row_entity_key TEXT;
`;
