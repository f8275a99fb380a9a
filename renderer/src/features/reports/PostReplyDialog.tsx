// The last step before anything leaves the machine: exactly the text that
// will be posted as a comment on the issue, and whether the issue is closed.
import { useState } from 'react';
import { oneLine, shownText } from '../../lib/format';
import { reportKey } from '../../lib/reports';
import { useReportsStore } from '../../stores/reports-store';
import { useUiStore } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';
import { ReportText } from './ReportText';

export function PostReplyDialog() {
  const close = useUiStore((s) => s.closeOverlay);
  const items = useReportsStore((s) => s.items);
  const selected = useReportsStore((s) => s.selected);
  const reply = useReportsStore((s) => s.reply);
  const token = useReportsStore((s) => s.token);
  const busy = useReportsStore((s) => s.busy);
  const postReply = useReportsStore((s) => s.postReply);
  const item = items.find((i) => reportKey(i) === selected) ?? null;
  const [closeIssue, setCloseIssue] = useState(() => reply?.draft?.closes ?? false);

  if (!item || !reply || reply.key !== reportKey(item) || !reply.draft) {
    return (
      <Modal title="Post reply" onClose={close}>
        <p className="muted">Draft a reply first.</p>
      </Modal>
    );
  }
  const reason = reply.draft.close_reason === 'not_planned' ? 'not planned' : 'completed';
  const alreadyClosed = item.state === 'closed';
  const post = async () => {
    if (await postReply(closeIssue && !alreadyClosed)) close();
  };
  return (
    <Modal
      title={`Post to ${oneLine(item.repo)}#${item.number}?`}
      wide
      onClose={close}
      footer={
        <>
          <button type="button" className="button" onClick={close} data-autofocus="">
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || !token?.configured}
            onClick={() => void post()}
          >
            {busy ? 'Posting…' : closeIssue && !alreadyClosed ? 'Post and close the issue' : 'Post comment'}
          </button>
        </>
      }
    >
      <p>
        This comment goes public on GitHub, on issue #{item.number} “<ReportText text={item.title} />
        ”, posted with the{' '}
        {token?.source === 'env'
          ? 'GITHUB_TOKEN from the environment'
          : token?.source === 'keychain'
            ? 'token kept in the OS keychain'
            : 'token given for this session'}
        .
      </p>
      <div className="post-preview-label field-label">Exactly this will be posted:</div>
      <pre className="post-preview">{shownText(reply.text)}</pre>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={closeIssue && !alreadyClosed}
          disabled={alreadyClosed}
          onChange={(e) => setCloseIssue(e.target.checked)}
        />
        Close the issue ({reason})
      </label>
      <div className={`post-outcome ${closeIssue && !alreadyClosed ? 'post-closes' : ''}`}>
        {alreadyClosed
          ? 'The issue is already closed; it stays closed.'
          : closeIssue
            ? `The issue will be closed as ${reason}.`
            : 'The issue stays open.'}
      </div>
    </Modal>
  );
}
