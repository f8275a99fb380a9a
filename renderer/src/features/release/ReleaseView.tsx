// The release desk, shown as the Export tab: export the settled rulings as a
// gold patch, preview every system's scores, review the operations, apply the
// patch to the dataset, the store's revision history, and ruling logs. Keys
// 1 … 6 go to a step (its first field takes the focus); Tab walks its controls.
import type { ReactNode } from 'react';
import { useReleaseStore, type ReleaseSection } from '../../stores/release-store';
import { ApplySection } from './ApplySection';
import { ExportSection } from './ExportSection';
import { HistorySection } from './HistorySection';
import { PatchReviewSection } from './PatchReviewSection';
import { ScorePreview } from './ScorePreview';
import { RulingLogCard } from '../team/RulingLogCard';
import { RELEASE_STEPS } from './release-steps';
import { stepKey } from '../../lib/keys';

const SECTIONS: Record<ReleaseSection, () => ReactNode> = {
  export: () => <ExportSection />,
  preview: () => <ScorePreview />,
  review: () => <PatchReviewSection />,
  apply: () => <ApplySection />,
  history: () => <HistorySection />,
  logs: () => <RulingLogCard />,
};

export function ReleaseView() {
  const section = useReleaseStore((s) => s.section);
  const setSection = useReleaseStore((s) => s.setSection);
  return (
    <div className="page release-page">
      <nav className="release-nav" aria-label="Release steps">
        {RELEASE_STEPS.map((s, i) => (
          <button
            key={s.id}
            type="button"
            className={`release-step ${section === s.id ? 'release-step-on' : ''} ${s.step == null ? 'release-step-extra' : ''}`}
            aria-current={section === s.id ? 'step' : undefined}
            title={`${s.hint} (key ${stepKey(i) ?? ''})`}
            aria-keyshortcuts={stepKey(i) ?? undefined}
            onClick={() => setSection(s.id)}
          >
            {s.step != null && <span className="step-number">{s.step}</span>}
            {s.label}
          </button>
        ))}
      </nav>
      <div className="release-body" id="release-body">
        {SECTIONS[section]()}
      </div>
    </div>
  );
}
