// Blind judges' opinions on this dispute: shown beside it, never a ruling.
import type { JudgeOpinionView } from '../../../../shared/api-types';
import { oneLine, shownText } from '../../lib/format';
import { Section } from '../../ui/Section';
import { SourceList } from './SourceLink';

const VERDICT_TEXT: Record<JudgeOpinionView['verdict'], string> = {
  gold: 'sides with gold',
  system: 'sides with system',
  both: 'both acceptable',
  neither: 'neither',
  unclear: 'unclear',
};

export function JudgesBlock({ judges }: { judges: readonly JudgeOpinionView[] }) {
  if (judges.length === 0) return null;
  return (
    <Section title="Judges" collapsible aside={<span className="muted small">{judges.length}</span>}>
      <ul className="judges">
        {judges.map((j, i) => (
          <li key={`${j.judge}-${i}`} className="judge">
            <div className="judge-head">
              <span className="system-name">{oneLine(j.judge)}</span>
              <span className={`verdict judge-${j.verdict}`}>{VERDICT_TEXT[j.verdict]}</span>
              {j.value != null && j.value !== '' && <span className="value value-value">{oneLine(j.value)}</span>}
            </div>
            {j.reasoning != null && j.reasoning !== '' && <p className="reasoning">{shownText(j.reasoning)}</p>}
            <SourceList urls={j.sources} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
