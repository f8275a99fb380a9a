// Inputs of the audit's API methods (shared/api.ts), validated at every host.
import { z } from 'zod';
import { AUDIT_STATUSES, AUDIT_VERDICTS } from '../audit';

const size = z.number().int().min(0).max(1_000_000);
const auditId = z.string().min(1).max(200);

export const drawAuditInputSchema = z
  .object({
    disputed: size,
    undisputed: size,
    /** Any text; a random one is chosen (and recorded) when none is given. */
    seed: z.string().trim().min(1, 'a seed is text, not blank').max(200).optional(),
  })
  .strict();

export const listAuditInputSchema = z.object({ status: z.enum(AUDIT_STATUSES).optional() }).strict();

/** `reveal`: show the systems' values of the cell; the viewer's verdict on it is then recorded as unblinded. */
export const getAuditCellInputSchema = z.object({ id: auditId, reveal: z.boolean().optional() }).strict();

export const ruleAuditInputSchema = z
  .object({
    id: auditId,
    verdict: z.enum(AUDIT_VERDICTS),
    rationale: z.string().max(100_000).nullish(),
    evidence: z.array(z.string().trim().min(1, 'an evidence URL is not blank').max(4000)).max(100).optional(),
    engineer: z.string().max(200).trim().min(1, 'an engineer needs a name (not blank)').optional(),
  })
  .strict();

export const auditEstimateInputSchema = z.object({ revision: z.string().min(1).max(100).optional() }).strict();

export const proposeAuditInputSchema = z
  .object({
    /** As fractions: 0.004 is ±0.4 percentage points, 0.01 is 1%. */
    halfWidth: z.number().gt(0).lt(0.5),
    priorRate: z.number().gt(0).lt(1),
  })
  .strict();
