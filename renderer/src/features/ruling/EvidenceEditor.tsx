// Evidence URLs for the ruling: `e` focuses the box, Enter adds the URL.
import { useState } from 'react';
import { classifyUrl } from '../../lib/urls';
import { useRulingStore } from '../../stores/ruling-store';
import { SourceLink } from '../dispute/SourceLink';
import { useFocusRequest } from './useFocusRequest';

export function EvidenceEditor() {
  const evidence = useRulingStore((s) => s.draft.evidence);
  const addEvidence = useRulingStore((s) => s.addEvidence);
  const removeEvidence = useRulingStore((s) => s.removeEvidence);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useFocusRequest<HTMLInputElement>('evidence');

  const add = () => {
    const url = text.trim();
    if (url === '') return;
    const checked = classifyUrl(url);
    // Evidence travels in the patch for others to open: only http(s) links.
    if (!checked.safe) {
      setProblem(`Not added: ${checked.reason}. Use an http(s) link.`);
      return;
    }
    addEvidence(checked.href);
    setText('');
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
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter here adds the link; it must not also save the ruling.
              e.preventDefault();
              e.stopPropagation();
              add();
            }
          }}
        />
      </div>
      {problem != null && <div className="error-text small">{problem}</div>}
      {evidence.length > 0 && (
        <ul className="evidence-list">
          {evidence.map((url, i) => (
            <li key={url}>
              <SourceLink url={url} />
              <button type="button" className="icon-button" aria-label="Remove evidence" onClick={() => removeEvidence(i)}>
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
