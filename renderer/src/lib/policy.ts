// The team policy as the settings edit it (pure; saving is features/team/policy.ts).
import type { PolicyEffect } from '../../../shared/api-types';
import type { PolicyView } from './format';

/** The settings offer 1–5 agreeing engineers (the service accepts up to 20). */
export const MAX_REQUIRED = 5;

/** Blind review is the default for double review: going from 1 to 2+ turns it on unless the user chose. */
export function nextPolicy(current: PolicyView, required: number, blindTouched: boolean): PolicyView {
  const blind = !blindTouched && current.required === 1 && required >= 2 ? true : current.blind;
  return { required, blind };
}

/**
 * What saving another number does, said before Save: every status is
 * recomputed, so resolved disputes with fewer agreeing engineers go back to
 * open (even one a patch already carries, until its revised dataset is
 * imported), and open ones that many engineers agree on resolve. `effect` is
 * the service's exact count (previewPolicy); null while it is asked.
 */
export function policyChangeNotice(
  saved: number,
  next: number,
  effect: PolicyEffect | null,
): { tone: 'warning' | 'info'; title: string; text: string } | null {
  if (next === saved) return null;
  const disputes = (n: number): string => `${n.toLocaleString('en-US')} dispute${n === 1 ? '' : 's'}`;
  if (next > saved) {
    const fewer = next === 2 ? 'a single engineer' : `fewer than ${next} agreeing engineers`;
    if (effect === null)
      return {
        tone: 'warning',
        title: 'Disputes may reopen.',
        text: `When you save, every dispute resolved by ${fewer} goes back to open until ${next} engineers agree on it.`,
      };
    if (effect.reopen === 0) return null;
    const one = effect.reopen === 1;
    return {
      tone: 'warning',
      title: `${disputes(effect.reopen)} will reopen.`,
      text: one
        ? `When you save, the dispute resolved by ${fewer} goes back to open until ${next} engineers agree on it, even if a patch already carries it (until its revised dataset is imported).`
        : `When you save, the ${disputes(effect.reopen)} resolved by ${fewer} go back to open until ${next} engineers agree on each, even those a patch already carries (until its revised dataset is imported).`,
    };
  }
  if (effect === null || effect.resolve === 0) return null;
  return {
    tone: 'info',
    title: `${disputes(effect.resolve)} will resolve.`,
    text: `${effect.resolve === 1 ? 'It has' : 'Each has'} ${next === 1 ? 'a ruling' : `${next} or more agreeing engineers`} already.`,
  };
}
