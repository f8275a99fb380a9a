// The store's resolution policy as settings: how many agreeing engineers
// resolve a dispute, and blind review. Shared by everyone using the store.
import type { PolicyView } from '../../lib/format';
import { Segmented } from '../../ui/Segmented';
import type { PolicyEffect } from '../../../../shared/api-types';
import { MAX_REQUIRED, policyChangeNotice } from '../../lib/policy';

const REQUIRED_OPTIONS = Array.from({ length: MAX_REQUIRED }, (_, i) => ({
  value: i + 1,
  text: String(i + 1),
  title: i === 0 ? 'One ruling resolves a dispute' : `${i + 1} engineers must agree`,
}));

interface PolicyFieldsProps {
  policy: PolicyView;
  /** The policy the store holds now: changing the number from it reopens or resolves disputes, and the fields say so. */
  saved?: PolicyView;
  /** What saving `policy.required` would do (the service's count); null while it is asked. */
  effect?: PolicyEffect | null;
  onRequired: (required: number) => void;
  onBlind: (blind: boolean) => void;
  disabled?: boolean;
}

function requiredHint(required: number): string {
  if (required === 1) return 'A single ruling resolves a dispute. Any later disagreement makes it a conflict.';
  return `A dispute is resolved once ${required} engineers agree (same decision and value). Any disagreement makes it a conflict.`;
}

export function PolicyFields({
  policy,
  saved,
  effect = null,
  onRequired,
  onBlind,
  disabled = false,
}: PolicyFieldsProps) {
  const notice = saved ? policyChangeNotice(saved.required, policy.required, effect) : null;
  return (
    <fieldset className="settings-group" disabled={disabled}>
      <legend className="settings-legend">
        Team policy <span className="muted small">kept in the store, the same for every engineer</span>
      </legend>
      <div className="field">
        <span className="field-label">Agreeing engineers needed to resolve a dispute</span>
        <div className="policy-required">
          <Segmented
            label="Agreeing engineers needed"
            value={policy.required}
            options={REQUIRED_OPTIONS}
            onChange={onRequired}
            disabled={disabled}
          />
          <span className="muted small">{requiredHint(policy.required)}</span>
        </div>
        {notice != null &&
          (notice.tone === 'warning' ? (
            <div className="warning" role="alert">
              <strong>{notice.title}</strong> {notice.text}
            </div>
          ) : (
            <div className="info-box" role="status">
              <strong>{notice.title}</strong> {notice.text}
            </div>
          ))}
      </div>
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={policy.blind}
          onChange={(e) => onBlind(e.target.checked)}
        />
        <span>
          <strong>Blind review</strong> {policy.blind ? 'on' : 'off'}
          <span className="muted small switch-hint">
            Other engineers’ rulings and rationales on a dispute stay hidden until you have ruled on it. Statuses stay
            visible.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
