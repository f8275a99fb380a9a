// "Agree with …" in a conflict: which counted rulings the engineer can take
// as their own draft, and which key does it. The buttons under the rulings
// side by side and Shift+<position letter> follow this one rule.
import type { DisputeDetail } from '../../../shared/api-types';
import { countedPositions, type Position } from './comparison';

/**
 * The rulings "Agree" is offered for: those outside my own position, when
 * the rulings are shown (not hidden by blind review) and disagree. Empty
 * otherwise.
 */
export function agreeOptions(detail: DisputeDetail, engineer: string | undefined): Position[] {
  if (detail.rulings_hidden) return [];
  const positions = countedPositions(detail);
  if (positions.length < 2 || new Set(positions.map((p) => p.group)).size < 2) return [];
  const mine = positions.find((p) => p.ruling.engineer === engineer)?.group;
  return positions.filter((p) => p.group !== mine);
}

export type AgreeChoice = { ok: true; position: Position } | { ok: false; reason: 'nothing' | 'mine' | 'none' };

/**
 * What Shift+<letter of `group`> agrees with: the first ruling of that
 * position (all of a position's rulings share decision and value). `nothing`
 * when there is no disagreement to settle here, `mine` for my own position,
 * `none` for a letter no position has.
 */
export function agreeChoice(detail: DisputeDetail, engineer: string | undefined, group: number): AgreeChoice {
  const options = agreeOptions(detail, engineer);
  if (options.length === 0) return { ok: false, reason: 'nothing' };
  const position = options.find((p) => p.group === group);
  if (position) return { ok: true, position };
  const exists = countedPositions(detail).some((p) => p.group === group);
  return { ok: false, reason: exists ? 'mine' : 'none' };
}
