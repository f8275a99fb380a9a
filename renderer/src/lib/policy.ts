// The team policy as the settings edit it (pure; saving is features/team/policy.ts).
import type { PolicyView } from './format';

/** The settings offer 1–5 agreeing engineers (the service accepts up to 20). */
export const MAX_REQUIRED = 5;

/** Blind review is the default for double review: going from 1 to 2+ turns it on unless the user chose. */
export function nextPolicy(current: PolicyView, required: number, blindTouched: boolean): PolicyView {
  const blind = !blindTouched && current.required === 1 && required >= 2 ? true : current.blind;
  return { required, blind };
}

/**
 * Raising the number recomputes every status on save: a dispute settled by
 * fewer agreeing engineers goes back to open, even one a patch already
 * shipped. Said before Save, with how many disputes are resolved now (the
 * store's counts; how many of them have fewer rulings is not counted).
 */
export function reopenWarning(saved: number, next: number, resolved: number | null): { title: string; text: string } | null {
  if (next <= saved) return null;
  const fewer = next === 2 ? 'a single engineer' : `fewer than ${next} agreeing engineers`;
  const now =
    resolved == null
      ? ''
      : resolved === 0
        ? ' No dispute is resolved now.'
        : ` Of the ${resolved.toLocaleString('en-US')} dispute${resolved === 1 ? '' : 's'} resolved now, each one resolved by ${fewer} reopens.`;
  return {
    title: 'Disputes will reopen.',
    text: `When you save, every dispute resolved by ${fewer} goes back to open — even one a patch already shipped — until ${next} engineers agree on it.${now}`,
  };
}
