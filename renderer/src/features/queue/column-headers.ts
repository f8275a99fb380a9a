// The queue's header labels and what each column holds (its tooltip).
export const QUEUE_HEADERS = {
  entity: { name: 'Entity', tooltip: 'the gold row (or the entity systems returned) in question' },
  column: { name: 'Column', tooltip: 'the disputed column (— for a whole row)' },
  gold: { name: 'Gold', tooltip: 'what gold says today' },
  top_count: { name: 'Top value', tooltip: 'the leading contesting value (systems giving it)' },
  contesting: { name: 'Sys', tooltip: 'systems contesting gold' },
  kind: { name: 'Kind', tooltip: 'cell, missing row or report' },
  status: { name: 'Status', tooltip: 'open, resolved or conflict' },
  mine: { name: 'Mine', tooltip: 'my ruling' },
  task_id: { name: 'Task', tooltip: 'the ATLAS task' },
} as const satisfies Record<string, { name: string; tooltip: string }>;

export type QueueColumnId = keyof typeof QUEUE_HEADERS;
