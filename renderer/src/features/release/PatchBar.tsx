// The patch file the preview, review and apply steps work on: set by Export,
// or any patch file typed or picked (a colleague's, an older revision's).
import type { ReactNode } from 'react';
import { errorMessage, host } from '../../api/client';
import { oneLine } from '../../lib/format';
import { useReleaseStore } from '../../stores/release-store';
import { notify } from '../../stores/ui-store';

interface PatchBarProps {
  /** The step's action on the patch ("Preview scores"); omitted where the step has its own form. */
  action?: { label: string; busy: boolean; run: () => void };
  children?: ReactNode;
}

export function PatchBar({ action, children }: PatchBarProps) {
  const patchPath = useReleaseStore((s) => s.patchPath);
  const setPatchPath = useReleaseStore((s) => s.setPatchPath);
  const exported = useReleaseStore((s) => s.exported);
  const check = useReleaseStore((s) => s.patchCheck);

  const choose = async () => {
    try {
      const [path] = (await host.pickPaths?.('files')) ?? [];
      if (path) setPatchPath(path);
    } catch (err) {
      notify(`Could not open the file picker: ${errorMessage(err)}`, 'error');
    }
  };

  return (
    <form
      className="patch-bar"
      onSubmit={(e) => {
        e.preventDefault();
        action?.run();
      }}
    >
      <label className="field-label" htmlFor="release-patch">
        Patch file
      </label>
      <input
        id="release-patch"
        className="input mono"
        value={patchPath}
        placeholder="/path/to/atlas-v1.1.patch.json (Export sets it)"
        spellCheck={false}
        onChange={(e) => setPatchPath(e.target.value)}
      />
      {host.pickPaths && (
        <button type="button" className="button" onClick={() => void choose()}>
          Choose…
        </button>
      )}
      {action && (
        <button type="submit" className="button button-primary" disabled={action.busy || patchPath.trim() === ''}>
          {action.busy ? 'Working…' : action.label}
        </button>
      )}
      {exported && exported.path === patchPath.trim() ? (
        <span className="chip chip-fresh" title={`Written by the export: ${oneLine(exported.path)}`}>
          {oneLine(exported.revision)} · just exported · {exported.encrypted ? 'encrypted' : 'plain text'}
        </span>
      ) : check?.state === 'error' && check.path === patchPath.trim() ? (
        <span className="error-text small patch-unreadable" title={check.error ?? ''}>
          cannot be read
        </span>
      ) : null}
      {children}
      {exported && exported.path === patchPath.trim() && (exported.warnings ?? []).length > 0 && (
        <ul className="notice-inline patch-warnings" role="status" data-testid="export-warnings">
          {(exported.warnings ?? []).map((warning) => (
            <li key={warning}>{oneLine(warning)}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
