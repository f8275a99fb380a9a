// The Export view is the release desk: export the settled rulings as a gold
// patch, preview every system's scores, review the operations, apply the
// patch to the dataset, the store's revision history, and ruling logs.
import type { ReactNode } from 'react';
import { useReleaseStore, type ReleaseSection } from '../../stores/release-store';
import { ApplySection } from '../revisions/ApplySection';
import { ExportSection } from '../revisions/ExportSection';
import { HistorySection } from '../revisions/HistorySection';
import { PatchReviewSection } from '../revisions/PatchReviewSection';
import { ScorePreview } from '../revisions/ScorePreview';
import { RulingLogCard } from '../team/RulingLogCard';

const STEPS: readonly { id: ReleaseSection; step: string | null; label: string; hint: string }[] = [
  { id: 'export', step: '1', label: 'Export patch', hint: 'Write the settled rulings as a gold patch for a revision' },
  { id: 'preview', step: '2', label: 'Score preview', hint: 'How the patch moves every system’s scores' },
  { id: 'review', step: '3', label: 'Review patch', hint: 'Every operation, decrypted for review' },
  { id: 'apply', step: '4', label: 'Apply', hint: 'Write the revised dataset and CHANGELOG.md' },
  { id: 'history', step: null, label: 'History', hint: 'Every revision this store exported' },
  { id: 'logs', step: null, label: 'Ruling logs', hint: 'Share rulings with other engineers' },
];

const SECTIONS: Record<ReleaseSection, () => ReactNode> = {
  export: () => <ExportSection />,
  preview: () => <ScorePreview />,
  review: () => <PatchReviewSection />,
  apply: () => <ApplySection />,
  history: () => <HistorySection />,
  logs: () => <RulingLogCard />,
};

export function ExportView() {
  const section = useReleaseStore((s) => s.section);
  const setSection = useReleaseStore((s) => s.setSection);
  return (
    <div className="page release-page">
      <nav className="release-nav" aria-label="Release steps">
        {STEPS.map((s) => (
          <button
            key={s.id}
            type="button"
            className={`release-step ${section === s.id ? 'release-step-on' : ''} ${s.step == null ? 'release-step-extra' : ''}`}
            aria-current={section === s.id ? 'step' : undefined}
            title={s.hint}
            onClick={() => setSection(s.id)}
          >
            {s.step != null && <span className="step-number">{s.step}</span>}
            {s.label}
          </button>
        ))}
      </nav>
      <div className="release-body">{SECTIONS[section]()}</div>
    </div>
  );
}
