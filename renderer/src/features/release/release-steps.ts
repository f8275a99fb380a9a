// The release desk's steps, in order: the Export view's step buttons and its
// keys (1 … 6 on that view) follow this list.
import type { ReleaseSection } from '../../stores/release-store';

export const RELEASE_STEPS: readonly { id: ReleaseSection; step: string | null; label: string; hint: string }[] = [
  { id: 'export', step: '1', label: 'Export patch', hint: 'Write the settled rulings as a gold patch for a revision' },
  { id: 'preview', step: '2', label: 'Score preview', hint: 'How the patch moves every system’s scores' },
  { id: 'review', step: '3', label: 'Review patch', hint: 'Every operation, decrypted for review' },
  { id: 'apply', step: '4', label: 'Apply', hint: 'Write the revised dataset and CHANGELOG.md' },
  { id: 'history', step: null, label: 'History', hint: 'Every revision this store exported' },
  { id: 'logs', step: null, label: 'Ruling logs', hint: 'Share rulings with other engineers' },
];
