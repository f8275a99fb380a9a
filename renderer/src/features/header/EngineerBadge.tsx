// Who is ruling; click to change the name recorded on new rulings.
import { useState } from 'react';
import { useInfoStore } from '../../stores/info-store';
import { useSettingsStore } from '../../stores/settings-store';

export function EngineerBadge() {
  const engineer = useInfoStore((s) => s.info?.engineer ?? '');
  const setEngineer = useSettingsStore((s) => s.setEngineer);
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
    <button type="button" className="engineer-badge" title="Change the engineer name recorded on your rulings" onClick={() => setEditing(engineer)}>
      <span className="meta-label">engineer</span> <strong>{engineer || '—'}</strong>
    </button>
  );
}
