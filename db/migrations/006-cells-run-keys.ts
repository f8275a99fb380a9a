// A flat cells file's run was keyed by the file's hash, so an edited file came
// back as another run of the same systems. Keys become `<system>@<file name>`,
// as the reader now writes them (a run directory is keyed by its name too).
// Backslashes count as separators for stores written on Windows. A store that
// already holds two runs of one system from one file keeps the second's old
// key (OR IGNORE): the import names it, and nothing is merged behind its back.
export const up = `
UPDATE OR IGNORE runs SET run_key = (SELECT name FROM systems WHERE id = runs.system_id) || '@' || substr(
  replace(source_path, char(92), '/'),
  length(rtrim(replace(source_path, char(92), '/'), replace(replace(source_path, char(92), '/'), '/', ''))) + 1
)
WHERE format = 'cells';
`;
