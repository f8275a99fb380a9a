// Exported revisions and settlements by revision (issue: tagged revisions). Filled in by the revisions work.
export const up = `SELECT 1;`;
