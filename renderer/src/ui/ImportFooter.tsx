// The footer of an import dialog: Cancel while the job runs, else Close and
// the dialog's own primary action. Shared by the data and reports imports.
export interface ImportFooterProps {
  running: boolean;
  onCancel: () => void;
  onClose: () => void;
  primary: { label: string; disabled: boolean; run: () => void };
}

export function ImportFooter({ running, onCancel, onClose, primary }: ImportFooterProps) {
  if (running) {
    return (
      <button type="button" className="button" onClick={onCancel}>
        Cancel import
      </button>
    );
  }
  return (
    <>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
      <button type="button" className="button button-primary" disabled={primary.disabled} onClick={primary.run}>
        {primary.label}
      </button>
    </>
  );
}
