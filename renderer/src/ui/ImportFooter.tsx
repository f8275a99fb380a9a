// The footer of an import dialog, shared by the data and reports imports
// (both `tall` modals, so the footer itself stays put as the body changes).
//
// A job starting or ending re-renders the footer, possibly between the press
// and the release of a click, so no button may change its meaning or move
// under the pointer. Close and the action are always there, the same
// elements in the same places; while a job runs the action is disabled (a
// second click on Import does nothing) and Cancel import appears at the other
// end of the footer, away from both. Closing while a job runs is fine: the
// status bar keeps its progress and reopens the dialog.
// Before, Cancel was rendered alone: React reused Close's <button> for it, and
// a click on Close as an import started cancelled the import and left the
// dialog open, the page behind it inert.
export interface ImportFooterProps {
  running: boolean;
  /** Asked to start, no job yet: the action is disabled, there is nothing to cancel. */
  starting: boolean;
  onCancel: () => void;
  onClose: () => void;
  primary: { label: string; disabled: boolean; run: () => void };
}

export function ImportFooter({ running, starting, onCancel, onClose, primary }: ImportFooterProps) {
  return (
    <>
      {running ? (
        <button type="button" className="button" onClick={onCancel}>
          Cancel import
        </button>
      ) : null}
      <span className="spacer" />
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
      <button
        type="button"
        className="button button-primary"
        disabled={primary.disabled || running || starting}
        onClick={primary.run}
      >
        {primary.label}
      </button>
    </>
  );
}
