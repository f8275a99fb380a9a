import type { Db } from '../store';
import { getMeta, setMeta } from '../store';

export interface Policy {
  required: number;
  blind: boolean;
  minSystems: number;
}

/** The resolution policy lives in the store, so every host and engineer of it sees the same. */
export function readPolicy(db: Db): Policy {
  const required = Number(getMeta(db, 'policy_required') ?? '1');
  const blind = getMeta(db, 'policy_blind');
  return {
    required,
    blind: blind === null ? required >= 2 : blind === 'on',
    minSystems: Number(getMeta(db, 'min_systems') ?? '2'),
  };
}

export function writePolicy(db: Db, policy: { required?: number; blind?: boolean }): void {
  if (policy.required !== undefined) setMeta(db, 'policy_required', String(policy.required));
  if (policy.blind !== undefined) setMeta(db, 'policy_blind', policy.blind ? 'on' : 'off');
}

/**
 * What saving `required` agreeing engineers would do to statuses, before it
 * is saved: resolved disputes with fewer agreeing engineers reopen, open ones
 * with that many (all agreeing) resolve. Disputes a revision settled keep
 * their status either way (statusFromPositions).
 */
export function policyEffect(db: Db, required: number): { reopen: number; resolve: number } {
  const row = db
    .prepare<[number, number], { reopen: number; resolve: number }>(
      `WITH counted AS (
         SELECT d.status, count(p.engineer) AS agreeing, count(DISTINCT p.agreement_key) AS keys
           FROM disputes d JOIN positions p ON p.dispute_id = d.id
          WHERE d.settled_by_revision IS NULL AND d.status IN ('resolved', 'open')
          GROUP BY d.id)
       SELECT coalesce(sum(status = 'resolved' AND agreeing < ?), 0) AS reopen,
              coalesce(sum(status = 'open' AND keys = 1 AND agreeing >= ?), 0) AS resolve
         FROM counted`,
    )
    .get(required, required)!;
  return { reopen: row.reopen, resolve: row.resolve };
}
