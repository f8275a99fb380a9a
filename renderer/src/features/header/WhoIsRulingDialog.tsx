// The first launch: who is ruling. Every ruling carries this name, so it is
// asked once, prefilled with the OS user name, before anything is recorded;
// the header shows it from then on (EngineerBadge) and Settings changes it.
import { useState } from 'react';
import { useSettingsStore } from '../../stores/settings-store';
import { useUiStore } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';

export function WhoIsRulingDialog() {
  const offered = useSettingsStore((s) => s.settings?.engineer ?? '');
  const confirm = useSettingsStore((s) => s.confirmEngineer);
  const saving = useSettingsStore((s) => s.saving);
  const close = useUiStore((s) => s.closeOverlay);
  const [name, setName] = useState(offered);
  const save = async () => {
    if (name.trim() === '' || saving) return;
    if (await confirm(name.trim())) close();
  };
  return (
    <Modal
      title="Who is ruling?"
      // Esc leaves the name unconfirmed: rulings wait, and saving one asks again.
      onClose={close}
      footer={
        <button
          type="button"
          className="button button-primary"
          disabled={saving || name.trim() === ''}
          onClick={() => void save()}
        >
          {saving ? 'Saving…' : 'Start ruling'}
        </button>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span className="field-label">Your name — recorded on every ruling you make, and shown in the header</span>
          <input
            className="input input-large"
            data-autofocus=""
            aria-label="Your name"
            value={name}
            maxLength={200}
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <p className="muted small">
          Offered from this computer’s user name. Nothing is recorded until you confirm it; change it later in Settings.
        </p>
      </form>
    </Modal>
  );
}
