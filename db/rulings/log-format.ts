// The ruling log (`*.rulings.jsonl`, design.md §7.4): one ruling per line with its
// stable id and its dispute's natural key, so it attaches in any store.
// Version 2 adds the entity key of each gold row a line names by index, as
// it was when ruled (db/rulings/row-identity.ts); version 3 the spelling a
// value was accepted in beside the one written (gold's format). Lines of
// versions 1 and 2 still merge.
import { z } from 'zod';
import { DECISIONS, DISPUTE_KINDS } from '../../shared/domain';

export const RULING_LOG_FORMAT = 'atlas-rulings/3';
/** Logs written before rulings kept the spelling they accepted. */
export const RULING_LOG_FORMAT_V2 = 'atlas-rulings/2';
/** Logs written before rulings kept their rows' entity keys. */
export const RULING_LOG_FORMAT_V1 = 'atlas-rulings/1';

const text = z.string().max(1_000_000);
const entityKey = z.string().max(200).nullable();

const v1LineSchema = z
  .object({
    format: z.literal(RULING_LOG_FORMAT_V1),
    id: z.string().min(1).max(200),
    dispute: z
      .object({
        kind: z.enum(DISPUTE_KINDS),
        task_id: z.string().min(1).max(1000),
        gold_row: z.number().int().min(0).nullable(),
        column: z.string().max(1000).nullable(),
        entity_key: z.string().max(200).nullable(),
      })
      .strict(),
    dispute_id: z.string().min(1).max(200),
    // As rule records it (shared/api.ts engineerName): no blank name, no spaces around it, so one person is one engineer.
    engineer: z
      .string()
      .min(1)
      .max(200)
      .refine((name) => name.trim() === name, 'expected a name without spaces around it'),
    decision: z.enum([...DECISIONS, 'retract']),
    value: text.nullable(),
    values: z.record(z.string().max(500), text).nullable(),
    row: z.number().int().min(0).nullable(),
    rationale: text.nullable(),
    evidence: z.array(z.string().max(4000)).max(100),
    revision: z.string().max(100).nullable(),
    created_at: z.iso.datetime(),
    retracts: z.string().max(200).nullable(),
    encrypted: z.boolean(),
  })
  .strict();

const v2LineSchema = v1LineSchema
  .extend({
    format: z.literal(RULING_LOG_FORMAT_V2),
    /** The entity key of `dispute.gold_row` when ruled; null when the line names no gold row or its store had none. */
    gold_row_entity_key: entityKey,
    /** The entity key of `row` (add_alias) when ruled. */
    row_entity_key: entityKey,
  })
  .strict();

const v3LineSchema = v2LineSchema
  .extend({
    format: z.literal(RULING_LOG_FORMAT),
    /** The spelling `value` was accepted in, when it is written in another (gold's format); else null. */
    accepted: text.nullable(),
    /** add_row: `values` as accepted, when any is written in another spelling; else null. */
    accepted_values: z.record(z.string().max(500), text).nullable(),
  })
  .strict();

export type RulingLine = z.infer<typeof v3LineSchema>;

/** A line of any version, as a version 3 line (what an older line lacks is null: it wrote what it accepted). */
export const rulingLineSchema = z
  .discriminatedUnion('format', [v3LineSchema, v2LineSchema, v1LineSchema])
  .transform((line): RulingLine => {
    if (line.format === RULING_LOG_FORMAT) return line;
    const keys =
      line.format === RULING_LOG_FORMAT_V2
        ? { gold_row_entity_key: line.gold_row_entity_key, row_entity_key: line.row_entity_key }
        : { gold_row_entity_key: null, row_entity_key: null };
    return { ...line, ...keys, format: RULING_LOG_FORMAT, accepted: null, accepted_values: null };
  });

const sortedValues = (values: Record<string, string> | null): Record<string, string> | null =>
  values === null
    ? null
    : Object.fromEntries(
        Object.keys(values)
          .sort()
          .map((key) => [key, values[key]!]),
      );

/** Key order is fixed here, so the same ruling always serialises to the same bytes. */
export function serialiseRulingLine(line: RulingLine): string {
  return JSON.stringify({
    format: line.format,
    id: line.id,
    dispute: {
      kind: line.dispute.kind,
      task_id: line.dispute.task_id,
      gold_row: line.dispute.gold_row,
      column: line.dispute.column,
      entity_key: line.dispute.entity_key,
    },
    dispute_id: line.dispute_id,
    gold_row_entity_key: line.gold_row_entity_key,
    engineer: line.engineer,
    decision: line.decision,
    value: line.value,
    values: sortedValues(line.values),
    row: line.row,
    row_entity_key: line.row_entity_key,
    accepted: line.accepted,
    accepted_values: sortedValues(line.accepted_values),
    rationale: line.rationale,
    evidence: line.evidence,
    revision: line.revision,
    created_at: line.created_at,
    retracts: line.retracts,
    encrypted: line.encrypted,
  });
}
