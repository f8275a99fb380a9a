// One keydown listener for the whole app; what each key means is decided by
// resolveKey (lib/keys.ts) from where the focus is and what is on screen.
import { useEffect } from 'react';
import { resolveKey, type KeyAction } from '../lib/keys';
import { useDisputeStore } from '../stores/dispute-store';
import { useInfoStore } from '../stores/info-store';
import { useQueueStore } from '../stores/queue-store';
import { useRulingStore } from '../stores/ruling-store';
import { useUiStore } from '../stores/ui-store';
import { openFocusedSource, retractRuling, saveRuling } from '../features/review/actions';
import { openDisputeInQueue } from '../features/reports/actions';
import { useReportsStore } from '../stores/reports-store';
import { reportKey } from '../lib/reports';
import { moveSelection } from '../features/queue/grid-bridge';
import { findView } from './views';

function isTextField(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type);
  return false;
}

function perform(action: KeyAction, target: Element | null): void {
  const ui = useUiStore.getState();
  const detail = useDisputeStore.getState().detail;
  const ruling = useRulingStore.getState();
  switch (action.type) {
    case 'escape':
      if (isTextField(target)) target.blur();
      else if (ui.overlay != null) ui.closeOverlay();
      return;
    case 'help':
      if (ui.overlay === 'help') ui.closeOverlay();
      else ui.openOverlay('help');
      return;
    case 'move':
      if (findView(ui.view).list) useReportsStore.getState().move(action.delta);
      else moveSelection(action.delta);
      return;
    case 'open': {
      const reports = useReportsStore.getState();
      const item = reports.items.find((i) => reportKey(i) === reports.selected);
      if (item?.dispute_id) void openDisputeInQueue(item.dispute_id);
      return;
    }
    case 'needs-me': {
      const engineer = useInfoStore.getState().info?.engineer;
      if (engineer) useQueueStore.getState().toggleNeeds(engineer);
      return;
    }
    case 'search':
      (document.getElementById('queue-search') ?? document.getElementById('reports-search'))?.focus();
      return;
    case 'save':
      void saveRuling();
      return;
    case 'retract':
      void retractRuling();
      return;
    case 'open-source':
      openFocusedSource();
      return;
    case 'evidence':
      ruling.requestFocus('evidence');
      return;
    case 'rationale':
      ruling.requestFocus('rationale');
      return;
    case 'decision':
      if (detail) ruling.choose(detail, action.index);
      return;
    case 'cluster':
      if (detail) ruling.pick(detail, action.index);
      return;
  }
}

export function useGlobalKeys(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const target = document.activeElement;
      const typing = isTextField(target);
      // Enter and Space press a focused button, except the decision and
      // cluster buttons: after clicking one, Enter still means "save".
      if (!typing && target instanceof HTMLButtonElement && (e.key === 'Enter' || e.key === ' ') && !target.hasAttribute('data-enter-save')) return;
      const ui = useUiStore.getState();
      const action = resolveKey(e, {
        typing,
        enterSaves: typing && target.hasAttribute('data-enter-save'),
        overlay: ui.overlay != null,
        reviewing: findView(ui.view).reviewing && useDisputeStore.getState().detail != null,
        queue: findView(ui.view).reviewing,
        list: findView(ui.view).list === true,
      });
      if (!action) return;
      e.preventDefault();
      perform(action, target);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
