// A dispute named as engineers name it in a message: its task, its entity and
// its column ("atlas/0007 · “Ocarina of Time 3D” › Critic Metascore"), not its
// id alone. Plain text: the caller shows it as text.
import type { DisputeKind } from './domain';

export interface NamedDispute {
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
}

/** Longer names are cut, so one warning line stays one line. */
const MAX_NAME = 80;

function short(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > MAX_NAME ? `${flat.slice(0, MAX_NAME - 1)}…` : flat;
}

export function disputeName(dispute: NamedDispute): string {
  const entity = `“${short(dispute.entity)}”`;
  if (dispute.kind === 'missing_row') return `${dispute.task_id} · missing row ${entity}`;
  if (dispute.column === null) return `${dispute.task_id} · row ${(dispute.gold_row ?? 0) + 1} ${entity}`;
  return `${dispute.task_id} · ${entity} › ${short(dispute.column)}`;
}
