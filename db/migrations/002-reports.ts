// GitHub reports (issue: GitHub reports). Filled in by the reports work.
export const up = `SELECT 1;`;
