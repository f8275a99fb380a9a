// The question an output that exists asks before it is written over (Apply's
// revised dataset and changelog, an export's patch, a ruling log). The safe
// answer has the focus: Enter keeps the files, Tab then Enter replaces them.
import { PathText } from './PathText';

interface ReplaceConfirmProps {
  /** The dialog's accessible name. */
  label: string;
  /** What is asked, ending in a colon: the files follow it. */
  question: string;
  paths: readonly string[];
  keepLabel: string;
  replaceLabel: string;
  onKeep: () => void;
  onReplace: () => void;
}

export function ReplaceConfirm({
  label,
  question,
  paths,
  keepLabel,
  replaceLabel,
  onKeep,
  onReplace,
}: ReplaceConfirmProps) {
  return (
    <div className="warning apply-replaces" role="alertdialog" aria-label={label}>
      <p>{question}</p>
      <ul className="small">
        {paths.map((path) => (
          <li key={path}>
            <PathText path={path} />
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <span className="spacer" />
        <button type="button" className="button" onClick={onKeep} autoFocus>
          {keepLabel}
        </button>
        <button type="button" className="button button-primary" onClick={onReplace}>
          {replaceLabel}
        </button>
      </div>
    </div>
  );
}
