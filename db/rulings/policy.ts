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
