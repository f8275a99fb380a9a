// A file path that wraps at its separators ("/", "\"), never inside a folder
// or file name: each segment stays whole, so a long output path in a table or
// summary reads as a path. The whole path is its tooltip.
import { Fragment } from 'react';
import { oneLine, shownText } from '../lib/format';

/** A segment longer than this may still break inside, or it would push the table wider than the window. */
const WHOLE_SEGMENT_MAX = 48;

export function PathText({ path, className = '' }: { path: string; className?: string }) {
  const segments = oneLine(path).split(/(?<=[/\\])/u);
  return (
    <span className={`fs-path ${className}`} title={shownText(path)}>
      {segments.map((segment, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className={segment.length <= WHOLE_SEGMENT_MAX ? 'fs-path-part' : 'fs-path-long'}>{segment}</span>
        </Fragment>
      ))}
    </span>
  );
}
