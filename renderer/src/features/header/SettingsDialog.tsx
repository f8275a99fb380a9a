// Per-user settings. The status policy lives in the store, shared by every
// engineer, so it is shown here but not edited.
import { useState } from 'react';
import { useInfoStore } from '../../stores/info-store';
import { useSettingsStore } from '../../stores/settings-store';
import { useUiStore } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';

export function SettingsDialog() {
  const info = useInfoStore((s) => s.info);
  const settings = useSettingsStore((s) => s.settings);
  const saving = useSettingsStore((s) => s.saving);
  const setEngineer = useSettingsStore((s) => s.setEngineer);
  const close = useUiStore((s) => s.closeOverlay);
  const [name, setName] = useState(settings?.engineer ?? info?.engineer ?? '');

  const save = async () => {
    if (name.trim() === '') return;
    if (await setEngineer(name.trim())) close();
  };

  return (
    <Modal
      title="Settings"
      onClose={close}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={saving || name.trim() === ''} onClick={() => void save()}>
            Save
          </button>
        </>
      }
    >
      <label className="field">
        <span className="field-label">Engineer name (recorded on every ruling)</span>
        <input
          className="input"
          data-autofocus=""
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
        />
      </label>
      {info && (
        <dl className="summary">
          <dt>Store</dt>
          <dd className="mono small">{info.store_path}</dd>
          <dt>Policy</dt>
          <dd>
            {info.policy.required === 1 ? 'one ruling resolves' : `${info.policy.required} agreeing engineers resolve`}
            {info.policy.blind ? '; blind review' : ''}
          </dd>
          <dt>Content</dt>
          <dd>
            {info.tasks} tasks · {info.runs} runs
          </dd>
          <dt>Version</dt>
          <dd>{info.version}</dd>
        </dl>
      )}
    </Modal>
  );
}
