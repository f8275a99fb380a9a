// Who I am (per-user settings) and the team policy (kept in the store, shared
// by every engineer). Save applies whichever of the two changed.
import { useEffect, useState } from 'react';
import type { PolicyEffect, StoreInfo } from '../../../../shared/api-types';
import { api } from '../../api/client';
import type { PolicyView } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useSettingsStore } from '../../stores/settings-store';
import { useUiStore } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';
import { PolicyFields } from '../team/PolicyFields';
import { GitHubTokenFields } from '../reports/GitHubTokenFields';
import { nextPolicy } from '../../lib/policy';
import { savePolicy } from '../team/policy';

const DEFAULT_POLICY: PolicyView = { required: 1, blind: false };

export function SettingsDialog() {
  const info = useInfoStore((s) => s.info);
  const settings = useSettingsStore((s) => s.settings);
  const setEngineer = useSettingsStore((s) => s.setEngineer);
  const close = useUiStore((s) => s.closeOverlay);
  const current = settings?.engineer ?? info?.engineer ?? '';
  const stored = info?.policy ?? DEFAULT_POLICY;
  const [name, setName] = useState(current);
  const [policy, setPolicy] = useState<PolicyView>(stored);
  const [blindTouched, setBlindTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const effect = usePolicyEffect(stored.required, policy.required);

  // A name never confirmed (the OS user name offered at the first launch) is saved even unchanged: Save confirms it.
  const nameChanged =
    name.trim() !== '' && (name.trim() !== (info?.engineer ?? current) || settings?.confirmed === false);
  const policyChanged = policy.required !== stored.required || policy.blind !== stored.blind;

  const save = async () => {
    if (name.trim() === '') return;
    setSaving(true);
    const ok = (!nameChanged || (await setEngineer(name.trim()))) && (!policyChanged || (await savePolicy(policy)));
    setSaving(false);
    if (ok) close();
  };

  return (
    <Modal
      title="Settings"
      onClose={close}
      onSubmit={saving || name.trim() === '' ? null : () => void save()}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={saving || name.trim() === ''}
            onClick={() => void save()}
          >
            {saving ? 'Saving…' : nameChanged || policyChanged ? 'Save' : 'Done'}
          </button>
        </>
      }
    >
      <fieldset className="settings-group">
        <legend className="settings-legend">
          You <span className="muted small">this machine only</span>
        </legend>
        <label className="field">
          <span className="field-label">Engineer name — recorded on every ruling you make</span>
          <input
            className="input input-large"
            data-autofocus=""
            value={name}
            maxLength={200}
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              // Handled here (Ctrl+Enter too): the dialog's own Ctrl+Enter must not save a second time.
              e.preventDefault();
              void save();
            }}
          />
        </label>
      </fieldset>
      <PolicyFields
        policy={policy}
        saved={stored}
        effect={effect}
        disabled={saving}
        onRequired={(required) => setPolicy(nextPolicy(policy, required, blindTouched))}
        onBlind={(blind) => {
          setBlindTouched(true);
          setPolicy({ ...policy, blind });
        }}
      />
      <GitHubTokenFields />
      {info && <StoreSummary info={info} />}
    </Modal>
  );
}

function StoreSummary({ info }: { info: StoreInfo }) {
  return (
    <dl className="summary settings-summary">
      <dt>Store</dt>
      <dd className="mono small">{info.store_path}</dd>
      <dt>Content</dt>
      <dd>
        {info.tasks} tasks · {info.runs} runs
      </dd>
      <dt>Version</dt>
      <dd>{info.version}</dd>
    </dl>
  );
}

/** The service's count of what saving `required` would do; null while it is asked (or when nothing changes). */
function usePolicyEffect(saved: number, required: number): PolicyEffect | null {
  const [answer, setAnswer] = useState<{ required: number; effect: PolicyEffect } | null>(null);
  useEffect(() => {
    if (required === saved) return;
    let current = true;
    api.previewPolicy({ required }).then(
      (effect) => {
        if (current) setAnswer({ required, effect });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [saved, required]);
  return answer !== null && answer.required === required ? answer.effect : null;
}
