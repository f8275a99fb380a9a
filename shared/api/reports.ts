// Inputs of the reports' API methods (shared/api.ts), validated at every host.
import { z } from 'zod';

const issueNumber = z.number().int().min(1).max(1_000_000_000);
const repoName = z.string().regex(/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/u, 'expected OWNER/NAME');

/** Which report: its issue number, and the repository when the store holds several. */
export const reportRefSchema = z.object({ number: issueNumber, repo: repoName.optional() }).strict();
export type ReportRef = z.infer<typeof reportRefSchema>;

export const reportOverrideSchema = z
  .object({
    task_id: z.string().min(1).max(200).nullable().optional(),
    row: z.number().int().min(0).max(1_000_000).nullable().optional(),
    column: z.string().min(1).max(500).nullable().optional(),
    proposed_value: z.string().max(10_000).nullable().optional(),
    missing_entity: z.string().max(1_000).nullable().optional(),
  })
  .strict();

export const listReportsInputSchema = z.object({ unlinked: z.boolean().optional() }).strict();
export const overrideReportInputSchema = reportRefSchema
  .extend({ fields: reportOverrideSchema, replace: z.boolean().optional() })
  .strict();
export const linkReportInputSchema = reportRefSchema
  .extend({ disputeId: z.string().min(1).max(200).nullable() })
  .strict();
export const draftReplyInputSchema = reportRefSchema
  .extend({ revision: z.string().min(1).max(100).optional() })
  .strict();
export const postReplyInputSchema = reportRefSchema
  .extend({
    /** Posting is public: the caller must say so. */
    confirm: z.literal(true),
    body: z.string().max(65_536).optional(),
    revision: z.string().max(100).min(1).optional(),
    close: z.boolean().optional(),
  })
  .strict();
export const importReportsInputSchema = z.union([
  z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000), repo: repoName.optional() }).strict(),
  z.object({ repo: repoName, label: z.string().min(1).max(200).optional() }).strict(),
]);
