// A value from the data, shown safely: invisible and bidirectional controls as
// visible ⟨U+XXXX⟩ marks (stored verbatim, never hidden or reordered), and a
// very long value cut short until the engineer asks for all of it.
import { useState } from 'react';
import { visibleControls } from '../../../shared/report-parse';

export const LONG_TEXT_PREVIEW = 2_000;

export function LongText({ text, className = '' }: { text: string; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > LONG_TEXT_PREVIEW;
  const shown = visibleControls(long && !expanded ? text.slice(0, LONG_TEXT_PREVIEW) : text);
  return (
    <span className={className}>
      {shown}
      {long && (
        <>
          {!expanded && '…'}{' '}
          <button type="button" className="link-button" onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Show less' : `Show all ${text.length.toLocaleString()} characters`}
          </button>
        </>
      )}
    </span>
  );
}
