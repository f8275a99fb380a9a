// One keydown listener for the whole app; what each key means is decided by
// resolveKey (lib/keys.ts) from where the focus is and what is on screen.
import { useEffect } from 'react';
import { clusterKey, decisionKey, enterPressesButton, resolveKey, saveAllowedFrom, type KeyAction } from '../lib/keys';
import { decisionKeysText, decisionOnKey, pickTargets } from '../lib/draft';
import type { DisputeDetail } from '../../../shared/api-types';
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
import { droppingTypedAhead, dropTypedAhead, holdWhileSettling, playHeldKeys } from '../features/review/held-keys';
import { agreeChoice } from '../lib/agree';
import { agreeKey } from '../lib/keys';
import { focusedByPointer, watchFocusOrigin } from './focus-origin';
import { findView, VIEWS } from './views';
import { RELEASE_STEPS } from '../features/release/release-steps';
import { useReleaseStore } from '../stores/release-store';

function isTextField(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type);
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
    case 'systems':
      ui.toggleSystems();
      return;
    case 'step':
      goToStep(action.index);
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
      // The queue stays mounted (hidden) on the Reports view: its box is not the one meant there.
      document
        .getElementById(findView(useUiStore.getState().view).list === true ? 'reports-search' : 'queue-search')
        ?.focus();
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
      if (!detail) return;
      if (decisionOnKey(detail, action.index) == null) noDecision(detail, action.index);
      else ruling.choose(detail, action.index);
      return;
    case 'cluster':
      if (!detail) return;
      if (pickTargets(detail)[action.index] == null) noPick(detail, action.index);
      else ruling.pick(detail, action.index);
      return;
  }
}

/** The kind of dispute, as a notice names it. */
function kindPhrase(detail: DisputeDetail): string {
  const { kind, column } = detail.dispute;
  if (kind === 'missing_row') return 'a missing row';
  if (kind === 'report') return column == null ? 'a report on a whole row' : 'a report on a cell';
  return 'a cell dispute';
}

const DROPPED = 'keys typed right after it are dropped.';

/**
 * A decision key this kind of dispute has no decision on: said in one line,
 * and the keys typed right after it are dropped. They were most likely meant
 * for the decision the engineer expected (a word for "new value"), and played
 * as keys they would retract, move or open something.
 */
function noDecision(detail: DisputeDetail, index: number): void {
  dropTypedAhead();
  notify(
    `Key ${decisionKey(index) ?? '?'} is no decision on ${kindPhrase(detail)} (${decisionKeysText(detail, 'button')}); ${DROPPED}`,
    'info',
  );
}

/** A letter that picks no cluster (or system) here: said, and what was typed right after it dropped, as for a decision key. */
function noPick(detail: DisputeDetail, index: number): void {
  dropTypedAhead();
  const count = pickTargets(detail).length;
  const what = detail.dispute.kind === 'missing_row' ? 'system' : 'cluster';
  const range =
    count === 0
      ? `there is no ${what} to pick`
      : count === 1
        ? `the only ${what} is a`
        : `the ${what}s are ${clusterKey(0) ?? 'a'}–${clusterKey(count - 1) ?? ''}`;
  notify(`Key ${clusterKey(index) ?? '?'} picks nothing on ${kindPhrase(detail)} (${range}); ${DROPPED}`, 'info');
}

/**
 * Shows a step of the release desk and puts the focus on its first field (else
 * its first button), so Tab and typing go on from there.
 */
function goToStep(index: number): void {
  const step = RELEASE_STEPS[index];
  if (!step) return;
  useReleaseStore.getState().setSection(step.id);
  // Once the step has rendered.
  requestAnimationFrame(() => {
    const body = document.getElementById('release-body');
    const target =
      body?.querySelector<HTMLElement>(
        'input:not([disabled]):not([type="hidden"]):not([type="checkbox"]), select:not([disabled]), textarea:not([disabled])',
      ) ?? body?.querySelector<HTMLElement>('button:not([disabled])');
    target?.focus({ focusVisible: true });
  });
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
  else if (choice.reason === 'none')
    notify(`No position ${letter} here: the letters are over the engineers’ rulings.`, 'info');
}

/** True when the engineer reached the element with the keyboard rather than clicking it. */
function keyboardFocused(el: Element): boolean {
  return !focusedByPointer(el);
}

/** Keys that still act while the keys typed after a key that was no decision are dropped: they change nothing of a ruling. */
const NEVER_DROPPED = new Set<KeyAction['type']>(['escape', 'close', 'help', 'view']);

/** The grid's own controls (its header's sorting and resizing, its menus), not its rows: a click on a row selects the dispute. */
const GRID_CONTROLS = '.ag-header, .ag-popup, .ag-menu, .ag-paging-panel';

/** The forms a save key saves: the ruling form, and the Audit view's verdict form. */
const SAVING_FORMS = '.ruling-form, .audit-review';

/** Whether a save key may save from where the focus is (lib/keys.ts saveAllowedFrom): only a saving form or the page. */
function saveAllowedAt(target: Element | null, typing: boolean): boolean {
  const onPage = target == null || target === document.body || target === document.documentElement;
  return saveAllowedFrom({
    page: onPage,
    ruling: !onPage && (target.closest(SAVING_FORMS) != null || target.hasAttribute('data-enter-save')),
    typing,
    grid: !onPage && target.closest(GRID_CONTROLS) != null,
    keyboardFocused: !onPage && keyboardFocused(target),
  });
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
          enterPressesButton({
            overlay: ui.overlay != null,
            rulingButton: target.hasAttribute('data-enter-save'),
            keyboardFocused: keyboardFocused(target),
          })
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
        steps: findView(ui.view).steps ?? 0,
      });
      if (!action) return;
      // Typed right after a key that was no decision here: meant for something that is not on screen.
      if (!NEVER_DROPPED.has(action.type) && droppingTypedAhead()) {
        e.preventDefault();
        return;
      }
      // A control outside the ruling form keeps its own Enter (the filter bar's Clear, a tab, the grid's header).
      if (action.type === 'save' && !saveAllowedAt(target, typing)) return;
      e.preventDefault();
      perform(action, target);
    };
    const stopWatching = watchFocusOrigin();
    window.addEventListener('keydown', onKeyDown);
    // Held keys act on the dispute then shown, with the focus of that moment.
    const stopPlaying = playHeldKeys((action) => perform(action, document.activeElement));
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      stopWatching();
      stopPlaying();
    };
  }, []);
}
