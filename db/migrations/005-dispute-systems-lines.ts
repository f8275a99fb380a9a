// disputes.systems as JSON-quoted names on lines of their own (see
// db/disputes/systems-column.ts). Migration 004 joined them with commas, and
// a name holding `,` could then match between two others; the column is
// recomputed here from the graded cells and rows, as derivation writes it.
export const up = `
UPDATE disputes SET systems = coalesce((
  SELECT char(10) || group_concat(quoted, char(10) ORDER BY name) || char(10) FROM (
    SELECT DISTINCT s.name AS name, json_quote(s.name) AS quoted
      FROM system_cells c
      JOIN run_tasks rt ON rt.run_id = c.run_id AND rt.task_id = c.task_id AND rt.state = 'graded'
      JOIN runs r ON r.id = c.run_id JOIN systems s ON s.id = r.system_id
     WHERE c.task_id = disputes.task_id AND c.gold_row = disputes.gold_row AND c.column_name = disputes.column_name)
), char(10))
WHERE kind IN ('cell', 'report');
UPDATE disputes SET systems = coalesce((
  SELECT char(10) || group_concat(quoted, char(10) ORDER BY name) || char(10) FROM (
    SELECT DISTINCT s.name AS name, json_quote(s.name) AS quoted
      FROM run_rows rr
      JOIN run_tasks rt ON rt.run_id = rr.run_id AND rt.task_id = rr.task_id AND rt.state = 'graded'
      JOIN runs r ON r.id = rr.run_id JOIN systems s ON s.id = r.system_id
     WHERE rr.task_id = disputes.task_id AND rr.gold_row IS NULL AND rr.entity_key = disputes.entity_key)
), char(10))
WHERE kind = 'missing_row';
`;
