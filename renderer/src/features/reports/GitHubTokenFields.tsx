// The GitHub token for live imports and posting replies: where it comes from
// (environment, OS keychain, this session), set or forget it. The token is
// typed into a password field, sent once, and never shown or read back.
import { useEffect, useState } from 'react';
import { useReportsStore } from '../../stores/reports-store';

const SOURCE_TEXT = {
  env: 'from GITHUB_TOKEN in the environment',
  keychain: 'kept in the OS keychain',
  session: 'kept for this session only',
} as const;

export function GitHubTokenFields() {
  const token = useReportsStore((s) => s.token);
  const loadToken = useReportsStore((s) => s.loadToken);
  const setToken = useReportsStore((s) => s.setToken);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void loadToken();
  }, [loadToken]);

  const save = async (value: string | null) => {
    setSaving(true);
    const ok = await setToken(value);
    setSaving(false);
    if (ok) setText('');
  };

  return (
    <fieldset className="settings-group token-group">
      <legend className="settings-legend">
        GitHub <span className="muted small">live report imports and posting replies</span>
      </legend>
      <div className="token-state" aria-live="polite">
        <span className={`token-dot ${token?.configured ? 'token-on' : ''}`} aria-hidden="true" />
        {token == null ? (
          'Checking…'
        ) : token.configured && token.source ? (
          <span>Token set, {SOURCE_TEXT[token.source]}.</span>
        ) : (
          <span>No token set.</span>
        )}
        {token != null && !token.keychain && token.source !== 'env' && (
          <span className="muted small"> This host has no keychain: a token given here lasts until the app stops.</span>
        )}
      </div>
      <form
        className="input-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() !== '') void save(text.trim());
        }}
      >
        <input
          className="input mono"
          type="password"
          aria-label="GitHub token"
          autoComplete="off"
          spellCheck={false}
          placeholder={token?.configured ? 'Replace with another token…' : 'ghp_… or github_pat_…'}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button" disabled={saving || text.trim() === ''}>
          {token?.configured ? 'Replace token' : 'Use token'}
        </button>
        {token?.configured && token.source !== 'env' && (
          <button type="button" className="button" disabled={saving} onClick={() => void save(null)}>
            Forget
          </button>
        )}
      </form>
      {token?.source === 'env' && (
        <p className="muted small">
          GITHUB_TOKEN is set in the environment the app was started from; unset it there to stop using it. A token
          saved here is used only without it.
        </p>
      )}
      <p className="muted small">
        Needs the “Issues” permission (read to import; read and write to post replies) on the repository. Never stored
        in the store file.
      </p>
    </fieldset>
  );
}
