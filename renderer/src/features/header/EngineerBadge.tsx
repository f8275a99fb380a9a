// Who is ruling, always in view: every ruling made here carries this name.
// Click to change it in place (Enter saves, Esc cancels).
import { useState } from 'react';
import { initials, oneLine } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { useSettingsStore } from '../../stores/settings-store';

export function EngineerBadge() {
  const engineer = useInfoStore((s) => s.info?.engineer ?? '');
  const setEngineer = useSettingsStore((s) => s.setEngineer);
  // Offered from the OS user name, not yet confirmed: nothing is recorded under it until it is.
  const unconfirmed = useSettingsStore((s) => s.settings?.confirmed === false);
  const [editing, setEditing] = useState<string | null>(null);

  if (editing != null) {
    const commit = async () => {
      const name = editing.trim();
      if (name !== '' && name !== engineer) await setEngineer(name);
      setEditing(null);
    };
    return (
      <form
        className="engineer-edit"
        onSubmit={(e) => {
          e.preventDefault();
          void commit();
        }}
      >
        <input
          className="input"
          aria-label="Engineer name"
          autoFocus
          value={editing}
          maxLength={200}
          onChange={(e) => setEditing(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
        />
      </form>
    );
  }
  return (
    <button
      type="button"
      className="engineer-badge"
      title={
        unconfirmed
          ? `“${oneLine(engineer)}” is offered from this computer’s user name; confirm it to start ruling. Click to change.`
          : `Your rulings are recorded as “${oneLine(engineer)}”. Click to change.`
      }
      onClick={() => setEditing(engineer)}
    >
      <span className="avatar" aria-hidden="true">
        {engineer ? oneLine(initials(engineer)) : '?'}
      </span>
      <span className="engineer-text">
        <span className="meta-label">{unconfirmed ? 'not confirmed:' : 'ruling as'}</span>{' '}
        <strong className="engineer-name">{engineer ? oneLine(engineer) : '—'}</strong>
      </span>
    </button>
  );
}
