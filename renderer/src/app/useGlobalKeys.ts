// One keydown listener for the whole app; what each key means is decided by
// resolveKey (lib/keys.ts) from where the focus is and what is on screen.
import { useEffect } from 'react';
import { enterPressesButton, resolveKey, type KeyAction } from '../lib/keys';
import { useDisputeStore } from '../stores/dispute-store';
import { useInfoStore } from '../stores/info-store';
import { useQueueStore } from '../stores/queue-store';
import { useRulingStore } from '../stores/ruling-store';
import { notify, useUiStore } from '../stores/ui-store';
import { openFocusedSource, retractRuling, saveRuling } from '../features/review/actions';
import { openSelectedReport } from '../features/reports/actions';
import { useReportsStore } from '../stores/reports-store';
import { useAuditStore } from '../stores/audit-store';
import { moveSelection } from '../features/queue/grid-bridge';
import { holdWhileSettling, playHeldKeys } from '../features/review/held-keys';
import { agreeChoice } from '../lib/agree';
import { agreeKey } from '../lib/keys';
import { findView, VIEWS } from './views';

function isTextField(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type);
  return false;
}

/** The Audit view's own actions (it has no dispute, so none waits for one); false for what the app does anywhere. */
function performAudit(action: KeyAction): boolean {
  const audit = useAuditStore.getState();
  switch (action.type) {
    case 'move':
      audit.move(action.delta);
      return true;
    case 'verdict':
      audit.choose(action.index);
      return true;
    case 'reveal':
      void audit.reveal();
      return true;
    case 'save':
      void audit.save();
      return true;
    case 'rationale':
      document.getElementById('audit-rationale')?.focus();
      return true;
    case 'evidence':
      document.getElementById('audit-evidence')?.focus();
      return true;
    default:
      return false;
  }
}

function perform(action: KeyAction, target: Element | null): void {
  if (useUiStore.getState().view === 'audit' && performAudit(action)) return;
  if (holdWhileSettling(action)) return;
  const ui = useUiStore.getState();
  const detail = useDisputeStore.getState().detail;
  const ruling = useRulingStore.getState();
  switch (action.type) {
    case 'close':
      ui.closeOverlay();
      return;
    case 'escape':
      // Any focused control (a field, a select, a button, a link): the keys go back to the page.
      releaseFocus(target);
      return;
    case 'view': {
      const view = VIEWS[action.index];
      if (!view) return;
      // A button of the view left behind (or of the header) must not take the next Enter.
      releaseFocus(target);
      ui.setView(view.id);
      return;
    }
    case 'agree':
      if (detail) agree(action.group);
      return;
    case 'help':
      if (ui.overlay === 'help') ui.closeOverlay();
      else ui.openOverlay('help');
      return;
    case 'move':
      if (findView(ui.view).list) useReportsStore.getState().move(action.delta);
      else moveSelection(action.delta);
      return;
    case 'open':
      openSelectedReport();
      return;
    case 'verdict':
    case 'reveal':
      return;
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

/** Blurs the focused element, if any: focus goes back to the page, where the view's keys act. */
function releaseFocus(target: Element | null): void {
  if (target instanceof HTMLElement && target !== document.body && target !== document.documentElement) target.blur();
}

/** Shift+<letter>: take that position of a conflict as my draft, as its "Agree with …" button does. */
function agree(group: number): void {
  const detail = useDisputeStore.getState().detail;
  if (!detail) return;
  const choice = agreeChoice(detail, useInfoStore.getState().info?.engineer, group);
  if (choice.ok) {
    useRulingStore.getState().adopt(detail, choice.position.ruling);
    return;
  }
  // A stray capital on a dispute without a disagreement says nothing.
  const letter = agreeKey(group) ?? '?';
  if (choice.reason === 'mine') notify(`Position ${letter} is already yours.`, 'info');
  else if (choice.reason === 'none') notify(`No position ${letter} here: the letters are over the engineers’ rulings.`, 'info');
}

/** True when the engineer reached the element with the keyboard rather than clicking it. */
function keyboardFocused(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** A ruling is being composed for the dispute on screen. */
function decisionPending(view: string): boolean {
  const { draft } = useRulingStore.getState();
  return findView(view).reviewing && draft.decision != null && draft.disputeId === useDisputeStore.getState().detail?.dispute.id;
}

export function useGlobalKeys(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const target = document.activeElement;
      const typing = isTextField(target);
      const ui = useUiStore.getState();
      if (!typing && target instanceof HTMLButtonElement) {
        // Space always presses the focused button; Enter does by the rule in enterPressesButton.
        if (e.key === ' ') return;
        if (
          e.key === 'Enter' &&
          enterPressesButton({ overlay: ui.overlay != null, decisionPending: decisionPending(ui.view), rulingButton: target.hasAttribute('data-enter-save'), keyboardFocused: keyboardFocused(target) })
        )
          return;
      }
      const action = resolveKey(e, {
        typing,
        enterSaves: typing && target.hasAttribute('data-enter-save'),
        overlay: ui.overlay != null,
        reviewing: findView(ui.view).reviewing && useDisputeStore.getState().detail != null,
        queue: findView(ui.view).reviewing,
        list: findView(ui.view).list === true,
        audit: ui.view === 'audit' && useAuditStore.getState().selectedId !== null,
        views: VIEWS.length,
      });
      if (!action) return;
      e.preventDefault();
      perform(action, target);
    };
    window.addEventListener('keydown', onKeyDown);
    // Held keys act on the dispute then shown, with the focus of that moment.
    const stopPlaying = playHeldKeys((action) => perform(action, document.activeElement));
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      stopPlaying();
    };
  }, []);
}
