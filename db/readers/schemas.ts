// Zod schemas for every input format (design.md §4). They are tolerant where the
// design asks (unknown fields are dropped, optional fields may be missing,
// numbers stand in for strings) and strict where a wrong value would mislead a
// dispute (verdicts, methods, rule types, row indexes).
import { z } from 'zod';
import { RULE_TYPES, VERDICTS } from '../../shared/domain';

/** A scalar written as text: graders and hand-made files write `94` or `"94"` alike. */
export const scalarText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => (typeof v === 'string' ? v : String(v)));

/** A cell's gold/response text; absent or null is the empty string. */
const cellText = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : String(v)));

const nullableText = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? null : typeof v === 'string' ? v : String(v)));

export const taskIdSchema = z
  .union([z.string().min(1, 'expected a non-empty task id'), z.number()])
  .transform((v) => (typeof v === 'string' ? v : String(v)));

const rowIndex = z.number().int().min(0);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Source links: a URL, a list of URLs, or a list of `{url}` objects. */
export const sourcesSchema = z
  .union([z.string(), z.array(z.union([z.string(), z.object({ url: z.string() }).transform((o) => o.url)])), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? [] : typeof v === 'string' ? [v] : v));

const stringList = z
  .array(scalarText)
  .nullish()
  .transform((v) => v ?? []);

// ---- dataset (§4.1) ----

export const datasetLineSchema = z.object({
  id: taskIdSchema,
  question: z.string(),
  gold: z.string(),
  canary: z.string().min(1, 'expected a non-empty canary'),
});

export const ruleSchema = z.object({
  type: z.enum(RULE_TYPES),
  tolerance: z.number().min(0).optional(),
  relative_tolerance: z.number().min(0).optional(),
  tolerance_days: z.number().min(0).optional(),
  options: z.array(scalarText).optional(),
  criterion: z.string().optional(),
});

export const goldColumnSchema = z.object({
  name: z.string().min(1, 'expected a non-empty column name'),
  rule: ruleSchema,
});

/** A gold cell before its state is decided (gold.ts checks that exactly one state is given). */
export const goldCellSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  blank: z.boolean().optional(),
  ungraded: z.boolean().optional(),
  sources: sourcesSchema,
  alternatives: stringList,
});

export const goldRowSchema = z.object({
  entity: z.string().min(1, 'expected a non-empty entity name'),
  aliases: stringList,
  // Kept as the parsed object and checked key by key in gold.ts, so that keys
  // such as `__proto__` survive as data instead of being dropped by a rebuild.
  cells: z.custom<Record<string, unknown>>(isPlainObject, 'expected an object keyed by column name').nullish(),
});

export const goldSchema = z.object({
  entity_column: z.string().min(1, 'expected the entity column name'),
  columns: z.array(goldColumnSchema).min(1, 'expected at least one column'),
  rows: z.array(goldRowSchema),
});

// ---- harness run (§4.2) ----

export const configSchema = z.object({
  system: z.union([z.string().min(1), z.object({ name: z.string().min(1, 'expected a non-empty system name') })]),
  suite_revision: nullableText,
  judge_model: nullableText,
  created_at: nullableText,
});

export const citationSchema = z.union([
  z.string().transform((url) => ({ url, row: null, column: null })),
  z.object({
    url: z.string(),
    row: z
      .union([rowIndex, z.string().regex(/^\d+$/u, 'expected a row number').transform(Number), z.null()])
      .optional()
      .transform((v) => v ?? null),
    column: nullableText,
  }),
]);

export const resultSchema = z.object({
  task_id: taskIdSchema.optional(),
  citations: z
    .array(citationSchema)
    .nullish()
    .transform((v) => v ?? []),
});

export const gradeCellSchema = z.object({
  column: z.string(),
  gold: cellText,
  response: cellText,
  verdict: z.enum(VERDICTS),
  method: z.enum(['deterministic', 'llm_judge']),
  sources: sourcesSchema,
  reasoning: nullableText,
});

export const alignmentSchema = z.object({
  gold_row: rowIndex.nullable(),
  response_row: rowIndex.nullable(),
  response_entity: nullableText,
  aligned_by: nullableText,
  cells: z
    .array(gradeCellSchema)
    .nullish()
    .transform((v) => v ?? []),
});

export const gradeSchema = z.object({
  task_id: taskIdSchema,
  scores: z.object({ discovery_f1: z.number(), item_f1: z.number(), row_f1: z.number() }),
  details: z.object({ rows: z.array(alignmentSchema) }),
});

export const errorFileSchema = z.object({ task_id: taskIdSchema.optional() });

// ---- flat interchange (§4.3) ----

export const cellLineSchema = z.object({
  task_id: taskIdSchema,
  system: z.string().min(1, 'expected a non-empty system name'),
  gold_row: rowIndex.nullable(),
  /** Optional: the response row index, when the pipeline knows it. */
  response_row: rowIndex.nullish(),
  entity: nullableText,
  response_entity: nullableText,
  aligned_by: nullableText,
  column: z.string(),
  gold: cellText,
  response: cellText,
  verdict: z.enum(VERDICTS),
  method: z.enum(['deterministic', 'llm_judge']),
  sources: sourcesSchema,
  reasoning: nullableText,
});
export type CellLine = z.output<typeof cellLineSchema>;

// ---- judge opinions (§4.4) ----

export const JUDGE_VERDICTS = ['gold', 'system', 'both', 'neither', 'unclear'] as const;

export const judgeLineSchema = z.object({
  task_id: taskIdSchema,
  gold_row: rowIndex.nullish().transform((v) => v ?? null),
  entity: nullableText,
  column: nullableText,
  judge: z.string().min(1, 'expected a non-empty judge name'),
  verdict: z.enum(JUDGE_VERDICTS),
  value: nullableText,
  sources: sourcesSchema,
  reasoning: nullableText,
});

/** Order-preserving de-duplication of source links (blank strings dropped). */
export function uniqueSources(urls: readonly string[]): string[] {
  // Most lists are short and already clean: a quadratic check beats building a Set, and no copy is made.
  if (urls.length <= 16 && isClean(urls)) return urls as string[];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of urls) {
    if (url.trim() === '' || seen.has(url)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}

function isClean(urls: readonly string[]): boolean {
  for (let i = 0; i < urls.length; i++) {
    const url = urls[i]!;
    if (url.trim() === '') return false;
    for (let j = 0; j < i; j++) if (urls[j] === url) return false;
  }
  return true;
}
