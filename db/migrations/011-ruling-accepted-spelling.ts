// What a ruling accepted beside what it writes: a value taken from a system is
// written in gold's format (shared/gold-format.ts), and the system's spelling
// it was accepted in is kept with it (`accepted_s`, and add_row's cells as
// `accepted_values_s`). Rulings recorded before have neither: they wrote what
// they accepted.
export const up = `
ALTER TABLE rulings ADD COLUMN accepted_s TEXT;
ALTER TABLE rulings ADD COLUMN accepted_values_s TEXT;
`;
