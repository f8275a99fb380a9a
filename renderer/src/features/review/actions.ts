// What the review keys do. Each action reads the stores at call time, talks
// to the service, then refreshes what changed (grid rows, counts, panel).
import { api, errorMessage, host } from '../../api/client';
import { buildRuleInput, savedNotice } from '../../lib/draft';
import { draftOperation } from '../../lib/gold-preview';
import { findNextOpen, inConflict } from '../../lib/next-open';
import { classifyUrl } from '../../lib/urls';
import { useDisputeStore } from '../../stores/dispute-store';
import { useInfoStore } from '../../stores/info-store';
import { effectiveFilter, useQueueStore } from '../../stores/queue-store';
import { useRulingStore } from '../../stores/ruling-store';
import { engineerConfirmed } from '../../stores/settings-store';
import { notify } from '../../stores/ui-store';
import { moveSelection, refreshRows, selectIndex } from '../queue/grid-bridge';
import { choosingNextDispute, dropHeldKeys, takeMovesTyped } from './held-keys';
import { refreshCounts } from './refresh';

/**
 * Saves the draft, then moves to the next open dispute. The keys go back to
 * the page as the save starts: the keys typed meanwhile wait for the next
 * dispute (held-keys.ts) instead of landing in a field of this one. After a
 * save the draft is cleared, whether or not a next dispute is found, so no
 * key can edit or save the ruling just made again; a failed save gives the
 * focus back where it was.
 */
export async function saveRuling(): Promise<void> {
  const detail = useDisputeStore.getState().detail;
  const ruling = useRulingStore.getState();
  if (!detail || ruling.saving) return;
  if (ruling.draft.disputeId !== detail.dispute.id) return;
  // Nothing is recorded under a name the engineer never saw: the first-launch prompt comes first.
  if (!engineerConfirmed()) return;
  const built = buildRuleInput(ruling.draft, detail);
  if (!built.ok) {
    ruling.setError(built.error);
    return;
  }
  const info = useInfoStore.getState().info;
  // What the form showed it would write: the notice says it back (the service's own operation, when it gives one).
  const operation = draftOperation(detail, built.input, ruling.draft);
  const context = { detail, engineer: info?.engineer ?? null, required: info?.policy.required ?? 1, operation };
  const focused = releaseFocus();
  ruling.setSaving(true);
  choosingNextDispute();
  try {
    const result = await api.rule(built.input);
    // A warning (text in a number column) does not stop the save; it is said with it.
    const notice = savedNotice(built.input, result, context);
    notify(notice.text, notice.tone);
  } catch (error) {
    // Keys typed after Enter were meant for the next dispute, never for this one again.
    dropHeldKeys();
    ruling.setSaving(false);
    ruling.setError(`Not saved: ${errorMessage(error)}`);
    if (focused?.isConnected && document.activeElement === document.body) focused.focus();
    return;
  }
  // The ruling is made: nothing of it stays armed on this dispute.
  if (useRulingStore.getState().draft.disputeId === detail.dispute.id) useRulingStore.getState().clear();
  await afterRulingChange();
  const moved = await goToNextOpen(detail.dispute.id);
  if (!moved) dropHeldKeys();
  // Saving lasts until the next dispute is chosen, so keys typed meanwhile wait for it (held-keys.ts).
  // Once the next dispute shows, its fresh draft has cleared the flag, and a save begun on it owns it.
  const after = useRulingStore.getState();
  if (after.draft.disputeId === detail.dispute.id) after.setSaving(false);
}

/** Takes the focus off whatever has it (a field of the form, the Save button): the keys go to the page. */
function releaseFocus(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active.closest('[role="dialog"]') != null)
    return null;
  active.blur();
  return active;
}

export async function retractRuling(): Promise<void> {
  const detail = useDisputeStore.getState().detail;
  if (!detail || !engineerConfirmed()) return;
  try {
    const result = await api.retract({ disputeId: detail.dispute.id });
    notify(`Retracted your ruling — now ${result.status}.`, 'success');
  } catch (error) {
    notify(`Nothing retracted: ${errorMessage(error)}`, 'error');
    return;
  }
  await afterRulingChange();
  await useDisputeStore.getState().reload();
}

async function afterRulingChange(): Promise<void> {
  refreshRows();
  await refreshCounts();
}

/** Selects the next open dispute; false when there is none, it could not be found, or the engineer picked another meanwhile. */
async function goToNextOpen(currentId: string): Promise<boolean> {
  const queue = useQueueStore.getState();
  const conflicts = queue.preset.status === 'conflict';
  try {
    const next = await findNextOpen((input) => api.listDisputes(input), {
      filter: effectiveFilter(queue),
      ...(queue.sort ? { sort: queue.sort } : {}),
      from: queue.selectedIndex ?? 0,
      currentId,
      ...(conflicts ? { wanted: inConflict } : {}),
    });
    // Moves typed while the next dispute was being chosen start from it.
    const moves = takeMovesTyped();
    // The engineer picked another dispute meanwhile (a click in the queue): it stays, and keys held for the next go.
    if (useQueueStore.getState().selectedId !== currentId) return false;
    if (next) {
      // Its id is trusted only when no move leads elsewhere.
      selectIndex(next.index + moves, moves === 0 ? next.id : undefined);
      return true;
    }
    if (moves !== 0) moveSelection(moves);
    notify(conflicts ? 'No conflicts left in this view.' : 'No open disputes left in this view.', 'info');
  } catch (error) {
    // No dispute was chosen: moves typed from now act at once, as they do during the reload below.
    takeMovesTyped();
    notify(`Could not find the next dispute: ${errorMessage(error)}`, 'error');
  }
  await useDisputeStore.getState().reload();
  return false;
}

/** `o`: the focused source link, else the first safe source of the picked cluster, else of gold. */
export function openFocusedSource(): void {
  const focused = document.activeElement?.closest<HTMLElement>('[data-source-url]');
  const detail = useDisputeStore.getState().detail;
  let url = focused?.dataset.sourceUrl ?? null;
  if (url == null && detail) {
    const picked = useRulingStore.getState().draft.picked;
    const cluster = picked != null ? detail.clusters[picked] : undefined;
    const candidates = [...(cluster?.cells.flatMap((c) => c.sources) ?? []), ...detail.gold.sources];
    url = candidates.find((u) => classifyUrl(u).safe) ?? null;
  }
  if (url == null) {
    notify('No source to open: focus a source link (Tab) or pick a cluster.', 'info');
    return;
  }
  openSource(url);
}

export function openSource(url: string): void {
  const checked = classifyUrl(url);
  if (!checked.safe) {
    notify(`Not opened: unsafe link (${checked.reason}).`, 'error');
    return;
  }
  host
    .openExternal(checked.href)
    .catch((error: unknown) => notify(`Could not open the link: ${errorMessage(error)}`, 'error'));
}
