// The Audit view (design.md §10): draw a seeded sample of gold cells, review
// them one by one with the keyboard, blind to the systems by default, and
// read the estimated share of incorrect gold with its interval.
import { useEffect } from 'react';
import { useAuditStore } from '../../stores/audit-store';
import { DrawSection } from './DrawSection';
import { ResultsSection } from './ResultsSection';
import { ReviewSection } from './ReviewSection';

export function AuditView() {
  const overview = useAuditStore((s) => s.overview);
  const error = useAuditStore((s) => s.error);
  const load = useAuditStore((s) => s.load);

  useEffect(() => {
    void load();
  }, [load]);

  if (!overview) {
    return (
      <div className="audit-page">
        {error != null ? (
          <div className="error-box">
            Could not load the audit: {error}{' '}
            <button type="button" className="link-button" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : (
          <p className="muted">Loading the audit…</p>
        )}
      </div>
    );
  }
  return (
    <div className="audit-page">
      <header className="stats-head">
        <h1>Gold audit</h1>
        <span className="muted">
          How much of gold is wrong, estimated from a random sample of its cells, reviewed blind.
        </span>
      </header>
      <DrawSection overview={overview} />
      <ReviewSection />
      <ResultsSection overview={overview} />
    </div>
  );
}
