// Evidence URLs for the ruling: `e` focuses the box, Enter adds the URL.
// What is typed in the box belongs to the dispute's draft: it does not follow
// the engineer to the next dispute, and a save adds it (or refuses it, when it
// is no http(s) link) rather than drop it. Enter on the empty box and
// Ctrl+Enter save, as in the value field and the rationale.
import { useState } from 'react';
import type { ReportView } from '../../../../shared/report-parse';
import { reportEvidence } from '../../lib/report-evidence';
import { classifyUrl } from '../../lib/urls';
import { useRulingStore } from '../../stores/ruling-store';
import { SourceLink } from '../dispute/SourceLink';
import { useFocusRequest } from './useFocusRequest';

/** `reports`: the dispute's linked reports; their safe links are offered as evidence, one click each. */
export function EvidenceEditor({ reports = [] }: { reports?: readonly ReportView[] }) {
  const evidence = useRulingStore((s) => s.draft.evidence);
  const text = useRulingStore((s) => s.draft.evidenceText);
  const update = useRulingStore((s) => s.update);
  const addEvidence = useRulingStore((s) => s.addEvidence);
  const removeEvidence = useRulingStore((s) => s.removeEvidence);
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useFocusRequest<HTMLInputElement>('evidence');
  const empty = text.trim() === '';

  const add = () => {
    const checked = classifyUrl(text);
    // Evidence travels in the patch for others to open: only http(s) links.
    if (!checked.safe) {
      setProblem(`Not added: ${checked.reason}. Use an http(s) link.`);
      return;
    }
    addEvidence(checked.href);
    update({ evidenceText: '' });
    setProblem(null);
  };

  return (
    <div className="evidence">
      <div className="field field-inline">
        <span className="field-label">Evidence</span>
        <input
          ref={ref}
          className="input"
          placeholder="https://… then Enter (key e)"
          title="Enter adds the link; Enter on the empty box, or Ctrl+Enter, saves the ruling"
          value={text}
          spellCheck={false}
          // The empty box saves on Enter, like the value field (useGlobalKeys reads this).
          data-enter-save={empty ? '' : undefined}
          onChange={(e) => {
            update({ evidenceText: e.target.value });
            setProblem(null);
          }}
          onKeyDown={(e) => {
            // Enter with a link typed adds it, and must not also save the ruling.
            // Ctrl+Enter, and Enter on the empty box, go on to save.
            if (e.key === 'Enter' && !empty && !e.ctrlKey && !e.metaKey && !e.altKey) {
              e.preventDefault();
              e.stopPropagation();
              add();
            }
          }}
        />
      </div>
      {problem != null && <div className="error-text small">{problem}</div>}
      <ReportLinks reports={reports} evidence={evidence} onAdd={addEvidence} />
      {evidence.length > 0 && (
        <ul className="evidence-list">
          {evidence.map((url, i) => (
            <li key={url}>
              <SourceLink url={url} />
              <button
                type="button"
                className="icon-button"
                aria-label="Remove evidence"
                onClick={() => removeEvidence(i)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The linked reports' links not yet in the evidence: what a reporter cited for the correct value, added with a click. */
function ReportLinks({
  reports,
  evidence,
  onAdd,
}: {
  reports: readonly ReportView[];
  evidence: readonly string[];
  onAdd: (href: string) => void;
}) {
  const suggested = reportEvidence(reports, evidence);
  if (suggested.length === 0) return null;
  return (
    <ul className="evidence-list evidence-suggested" aria-label="Links from linked reports">
      {suggested.map(({ href, report }) => (
        <li key={href}>
          <button
            type="button"
            className="button button-small"
            onClick={() => onAdd(href)}
            title={`Add this link from report #${report} as evidence`}
          >
            + Add
          </button>
          <span className="muted small">#{report}</span>
          <SourceLink url={href} />
        </li>
      ))}
    </ul>
  );
}
