// The answer to the reporter: a draft from the service (confirmed and fixed in
// revision TAG, or not confirmed with the sources that support gold — never a
// gold value or the question), editable, with Copy; "Post reply…" only with a
// GitHub token, and only through a confirmation that shows exactly what goes out.
import { useEffect, useRef, useState } from 'react';
import type { ReplyOutcome } from '../../../../shared/report-types';
import type { ReportListItem } from '../../../../shared/report-parse';
import { reportKey } from '../../lib/reports';
import { useReleaseStore } from '../../stores/release-store';
import { useReportsStore } from '../../stores/reports-store';
import { notify, useUiStore } from '../../stores/ui-store';
import { Section } from '../../ui/Section';
import { SourceList } from '../dispute/SourceLink';

export const OUTCOME_TEXT: Record<ReplyOutcome, string> = {
  confirmed: 'confirmed',
  not_confirmed: 'not confirmed',
  under_review: 'under review',
  needs_details: 'needs details',
};

export function ReplySection({ item }: { item: ReportListItem }) {
  const key = reportKey(item);
  const reply = useReportsStore((s) => (s.reply?.key === key ? s.reply : null));
  const token = useReportsStore((s) => s.token);
  const posted = useReportsStore((s) => s.posted);
  const setReply = useReportsStore((s) => s.setReply);
  const draftReply = useReportsStore((s) => s.draftReply);
  const loadToken = useReportsStore((s) => s.loadToken);
  const revisions = useReleaseStore((s) => s.revisions.result);
  const loadRevisions = useReleaseStore((s) => s.loadRevisions);
  const openOverlay = useUiStore((s) => s.openOverlay);
  const text = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    void loadToken();
    if (revisions == null) void loadRevisions();
  }, [loadToken, loadRevisions, revisions]);

  // The revision that carried the report's dispute (one that shipped first), else the newest exported,
  // unless the engineer says otherwise.
  const newest =
    revisions != null && revisions.length > 0
      ? [...revisions].sort((a, b) => b.recorded_at.localeCompare(a.recorded_at))[0]!.tag
      : '';
  const revision = reply?.revision ?? item.fixed_in ?? newest;

  const copy = async () => {
    if (!reply) return;
    try {
      await navigator.clipboard.writeText(reply.text);
    } catch {
      // Without clipboard permission, fall back to the selection.
      text.current?.select();
      if (!document.execCommand('copy')) {
        notify('Could not copy: select the text and copy it by hand.', 'error');
        return;
      }
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  return (
    <Section
      title="Reply to the reporter"
      aside={
        reply?.draft ? (
          <span className={`chip outcome-chip outcome-${reply.draft.outcome}`}>
            {OUTCOME_TEXT[reply.draft.outcome]}
          </span>
        ) : null
      }
    >
      <form
        className="reply-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (reply?.revision === undefined) setReply({ revision });
          void draftReply();
        }}
      >
        <label className="field field-inline">
          <span className="field-label">Revision</span>
          <input
            className="input reply-revision"
            list="known-revisions"
            placeholder="tag the fix ships in, e.g. v1.1"
            value={revision}
            spellCheck={false}
            onChange={(e) => setReply({ revision: e.target.value })}
          />
          <datalist id="known-revisions">
            {(revisions ?? []).map((r) => (
              <option key={r.tag} value={r.tag} />
            ))}
          </datalist>
        </label>
        <button type="submit" className="button button-small" disabled={reply?.loading === true}>
          {reply?.loading ? 'Drafting…' : reply?.draft ? 'Draft again' : 'Draft reply'}
        </button>
      </form>
      {reply?.error != null && <div className="error-box">{reply.error}</div>}
      {reply?.draft && (
        <div className="reply-draft">
          <textarea
            ref={text}
            className="input reply-text"
            aria-label="Reply text"
            rows={Math.min(16, Math.max(6, reply.text.split('\n').length + Math.ceil(reply.text.length / 90)))}
            value={reply.text}
            onChange={(e) => setReply({ text: e.target.value })}
          />
          <p className="muted small">
            {reply.draft.closes
              ? `Posting also closes the issue (${reply.draft.close_reason === 'not_planned' ? 'not planned' : 'completed'}).`
              : 'Posting leaves the issue open.'}{' '}
            The draft quotes no gold value and not the question; check anything you add.
            {reply.draft.withheld_sources > 0 &&
              ` ${reply.draft.withheld_sources} gold source${reply.draft.withheld_sources === 1 ? ' was' : 's were'} left out (not a plain http(s) link).`}
          </p>
          {reply.draft.sources.length > 0 && (
            <>
              <h4 className="subhead">Sources cited</h4>
              <SourceList urls={reply.draft.sources} />
            </>
          )}
          <div className="form-actions compact-actions">
            <button type="button" className="button button-small" onClick={() => void copy()}>
              {copied ? 'Copied ✓' : 'Copy'}
            </button>
            <span className="spacer" />
            {token?.configured ? (
              <button
                type="button"
                className="button button-small button-primary"
                disabled={reply.text.trim() === ''}
                onClick={() => openOverlay('post-reply')}
              >
                Post reply…
              </button>
            ) : (
              <span className="muted small">
                Posting needs a GitHub token —{' '}
                <button type="button" className="link-button" onClick={() => openOverlay('settings')}>
                  Settings
                </button>
              </span>
            )}
          </div>
          {posted && posted.number === item.number && posted.repo === item.repo && (
            <div className="notice-inline">
              Posted{posted.closed ? ' and closed the issue' : ''}.
              {posted.comment_url ? ` Comment: ${posted.comment_url}` : ''}
            </div>
          )}
        </div>
      )}
    </Section>
  );
}
