// The team policy as the settings edit it (pure; saving is features/team/policy.ts).
import type { PolicyView } from './format';

/** The settings offer 1–5 agreeing engineers (the service accepts up to 20). */
export const MAX_REQUIRED = 5;

/** Blind review is the default for double review: going from 1 to 2+ turns it on unless the user chose. */
export function nextPolicy(current: PolicyView, required: number, blindTouched: boolean): PolicyView {
  const blind = !blindTouched && current.required === 1 && required >= 2 ? true : current.blind;
  return { required, blind };
}
