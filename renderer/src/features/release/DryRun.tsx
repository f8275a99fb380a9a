// The dry run of the release desk: the score preview and the patch review of
// the settled rulings an export would write now, before any file is written
// or any tag taken. The bar starts one; the note marks a result as one.
export function DryRunBar({ label, busy, run }: { label: string; busy: boolean; run: () => void }) {
  return (
    <div className="dry-run-bar">
      <span className="muted small">
        Or, before exporting: the settled rulings not exported yet, as a dry run — no file is written and no tag is
        taken.
      </span>
      <button type="button" className="button" disabled={busy} onClick={run}>
        {label}
      </button>
    </div>
  );
}

export function DryRunNote({ operations }: { operations: number }) {
  return (
    <div className="notice-inline notice-plain dry-run-note" role="note">
      <strong>Dry run</strong> on the settled rulings not exported yet (
      {operations === 1 ? '1 operation' : `${operations.toLocaleString('en-US')} operations`}): nothing was written and
      no tag was taken. Export takes the tag.
    </div>
  );
}
