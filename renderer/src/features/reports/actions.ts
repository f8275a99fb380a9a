// Moves between the Reports tab and the queue: open a report's dispute in the
// queue (selected, panel showing it), or show a dispute's report in the tab.
import { api, errorMessage, host } from '../../api/client';
import { reportKey } from '../../lib/reports';
import { classifyUrl } from '../../lib/urls';
import { useQueueStore } from '../../stores/queue-store';
import { useReportsStore } from '../../stores/reports-store';
import { notify, useUiStore } from '../../stores/ui-store';

/** Switches to the Queue with the dispute selected; drops filters that would hide it. */
export async function openDisputeInQueue(disputeId: string): Promise<void> {
  const queue = useQueueStore.getState();
  try {
    let index = (await api.locateDispute({ id: disputeId, filter: queue.filter })).index;
    if (index == null && Object.keys(queue.filter).length > 0) {
      index = (await api.locateDispute({ id: disputeId, filter: {} })).index;
      if (index != null) {
        queue.clearFilter();
        notify('Filters cleared to show the dispute.', 'info');
      }
    }
    if (index == null) {
      notify(`Dispute ${disputeId} is not in the store.`, 'error');
      return;
    }
    // The queue opens anew in its default order on its first page; the grid selects this row once its block loads.
    queue.setPreset({});
    queue.setSort(null);
    queue.setSelection(disputeId, index);
    useUiStore.getState().reopenView('queue');
  } catch (error) {
    notify(`Could not open the dispute: ${errorMessage(error)}`, 'error');
  }
}

/** The Dispute section's "link by id" box (LinkSection), where an unlinked report is linked by hand. */
export const LINK_BY_ID_INPUT = 'report-link-id';
/** The Dispute section's picker of the task's columns, for a report whose column did not resolve. */
export const REPORT_COLUMN_PICK = 'report-column-pick';
/** The Dispute section's picker of the task's disputes. */
export const REPORT_TASK_DISPUTE = 'report-link-task-dispute';

/**
 * Enter on the Reports tab: the selected report's dispute, in the queue. An
 * unlinked report has none: that is said, and the focus goes to the box that
 * links it by id (Esc gives the keys back to the list).
 */
export function openSelectedReport(): void {
  const reports = useReportsStore.getState();
  const item = reports.items.find((i) => reportKey(i) === reports.selected);
  if (!item) return;
  if (item.dispute_id != null) {
    void openDisputeInQueue(item.dispute_id);
    return;
  }
  // The first way to link it: the column it named when that did not resolve, else a dispute of its task, else an id.
  const column = document.getElementById(REPORT_COLUMN_PICK);
  const box = column ?? document.getElementById(REPORT_TASK_DISPUTE) ?? document.getElementById(LINK_BY_ID_INPUT);
  box?.focus();
  const how = column
    ? 'pick its column here, then Enter'
    : box?.id === REPORT_TASK_DISPUTE
      ? 'pick a dispute of its task here'
      : box
        ? 'dispute id here, then Enter'
        : 'give a dispute id under Dispute';
  notify(`Report #${item.number} is not linked to a dispute — link it first: ${how}.`, 'info');
}

/** Switches to the Reports tab with this report selected. */
export async function showReport(report: { number: number; repo: string }): Promise<void> {
  const store = useReportsStore.getState();
  useUiStore.getState().setView('reports');
  await store.ensureLoaded();
  const key = reportKey(report);
  // A search or "unlinked only" could hide it.
  if (store.query !== '' || store.unlinkedOnly) {
    store.setQuery('');
    store.setUnlinkedOnly(false);
  }
  await useReportsStore.getState().select(key);
}

/** The issue on GitHub, in the browser; only a plain http(s) URL is ever opened. */
export function openIssue(url: string | null): void {
  if (url == null) return;
  const checked = classifyUrl(url);
  if (!checked.safe) {
    notify(`Not opened: unsafe link (${checked.reason}).`, 'error');
    return;
  }
  host
    .openExternal(checked.href)
    .catch((error: unknown) => notify(`Could not open the issue: ${errorMessage(error)}`, 'error'));
}
