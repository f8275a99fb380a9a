// Where a revision's patch file was last written or applied from, so the
// release desk reopens on it. Revisions recorded before stay without one.
export const up = `
ALTER TABLE revisions ADD COLUMN patch_path TEXT;
`;
