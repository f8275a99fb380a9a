// The store's resolution policy as settings: how many agreeing engineers
// resolve a dispute, and blind review. Shared by everyone using the store.
import type { PolicyView } from '../../lib/format';
import { Segmented } from '../../ui/Segmented';
import { MAX_REQUIRED, reopenWarning } from '../../lib/policy';

const REQUIRED_OPTIONS = Array.from({ length: MAX_REQUIRED }, (_, i) => ({
  value: i + 1,
  text: String(i + 1),
  title: i === 0 ? 'One ruling resolves a dispute' : `${i + 1} engineers must agree`,
}));

interface PolicyFieldsProps {
  policy: PolicyView;
  /** The policy the store holds now: raising the number from it reopens disputes, and the fields say so. */
  saved?: PolicyView;
  /** Disputes resolved now (the store's counts), for the warning; null when unknown. */
  resolved?: number | null;
  onRequired: (required: number) => void;
  onBlind: (blind: boolean) => void;
  disabled?: boolean;
}

function requiredHint(required: number): string {
  if (required === 1) return 'A single ruling resolves a dispute. Any later disagreement makes it a conflict.';
  return `A dispute is resolved once ${required} engineers agree (same decision and value). Any disagreement makes it a conflict.`;
}

export function PolicyFields({ policy, saved, resolved = null, onRequired, onBlind, disabled = false }: PolicyFieldsProps) {
  const warning = saved ? reopenWarning(saved.required, policy.required, resolved) : null;
  return (
    <fieldset className="settings-group" disabled={disabled}>
      <legend className="settings-legend">
        Team policy <span className="muted small">kept in the store, the same for every engineer</span>
      </legend>
      <div className="field">
        <span className="field-label">Agreeing engineers needed to resolve a dispute</span>
        <div className="policy-required">
          <Segmented label="Agreeing engineers needed" value={policy.required} options={REQUIRED_OPTIONS} onChange={onRequired} disabled={disabled} />
          <span className="muted small">{requiredHint(policy.required)}</span>
        </div>
        {warning != null && (
          <div className="warning" role="alert">
            <strong>{warning.title}</strong> {warning.text}
          </div>
        )}
      </div>
      <label className="switch-row">
        <input type="checkbox" role="switch" className="switch" checked={policy.blind} onChange={(e) => onBlind(e.target.checked)} />
        <span>
          <strong>Blind review</strong> {policy.blind ? 'on' : 'off'}
          <span className="muted small switch-hint">
            Other engineers’ rulings and rationales on a dispute stay hidden until you have ruled on it. Statuses stay visible.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
