// The keyboard model, as pure data and one pure resolver, so the key map shown
// in the app and the behaviour cannot drift apart.
import { CLUSTER_LETTERS, clusterLetter } from '../../../shared/clusters';
import type { Decision } from '../../../shared/domain';

/** The keys (and labels) of clusters, in order: shared with the command line's `show` (shared/clusters.ts). */
export const CLUSTER_KEYS: readonly string[] = CLUSTER_LETTERS;

export function clusterKey(index: number): string | null {
  return clusterLetter(index);
}

/** Decision keys 1–9 then 0: a `decision` action's index is the key's place here. */
export const DECISION_KEYS: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

export function decisionKey(index: number): string | null {
  return DECISION_KEYS[index] ?? null;
}

/**
 * Each decision's key, the same in every kind of dispute; decisions that mean
 * the same thing share one. 1 changes nothing (keep gold; reject a missing
 * row). 2 takes what the systems say (accept their value; add their row). 3
 * keeps gold and adds the systems' spelling beside it (accept both: an
 * alternative value; add as alias: another name of a gold row). 4–6 are the
 * cell's own (new value, blank, ungraded), 7 removes a gold row. A kind of
 * dispute that lacks a decision leaves its key unused: it says so, never
 * another decision.
 */
export const DECISION_KEY: Readonly<Record<Decision, string>> = {
  keep_gold: '1',
  reject_row: '1',
  accept_system: '2',
  add_row: '2',
  accept_both: '3',
  add_alias: '3',
  new_value: '4',
  mark_blank: '5',
  mark_ungraded: '6',
  remove_row: '7',
};

/** The index into DECISION_KEYS of a decision's key. */
export function decisionKeyIndex(decision: Decision): number {
  return DECISION_KEYS.indexOf(DECISION_KEY[decision]);
}

/** Of `allowed` (one dispute's decisions), the one on the key at `index`, or null when that key is no decision there. */
export function decisionAtKey(allowed: readonly Decision[], index: number): Decision | null {
  return allowed.find((decision) => decisionKeyIndex(decision) === index) ?? null;
}

/** Shows or hides each system's cell, judge reasoning and sources under the panel's comparison. */
export const SYSTEMS_KEY = '.';

export type KeyAction =
  | { type: 'move'; delta: number }
  | { type: 'systems' }
  | { type: 'decision'; index: number }
  | { type: 'cluster'; index: number }
  | { type: 'save' }
  | { type: 'retract' }
  | { type: 'search' }
  | { type: 'open-source' }
  | { type: 'evidence' }
  | { type: 'rationale' }
  | { type: 'help' }
  | { type: 'needs-me' }
  | { type: 'open' }
  /** 1 … 6 on the Export view: go to that step of the release desk. */
  | { type: 'step'; index: number }
  /** Audit view: correct (0), incorrect (1), unsure (2) for the cell under review. */
  | { type: 'verdict'; index: number }
  /** Audit view: show the systems' values of the cell (the verdict is then recorded as unblinded). */
  | { type: 'reveal' }
  /** Alt+1…: show the view at this position in the tab bar. */
  | { type: 'view'; index: number }
  /** Shift+A, Shift+B…: in a conflict, take that position (A, B…) as my draft. */
  | { type: 'agree'; group: number }
  /** Esc in a dialog: close it, from a text field too (focus never goes to the page behind it). */
  | { type: 'close' }
  /** Esc elsewhere: leave the text field or the focused button, handing the keys back to the page. */
  | { type: 'escape' };

export interface KeyInput {
  key: string;
  /** The physical key (KeyboardEvent.code): Alt+digit is read from it, as Option+1 types "¡" on a Mac. */
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Told apart from Caps Lock: an upper-case letter without Shift is the lower-case key. */
  shiftKey?: boolean;
}

/**
 * With Caps Lock on, letters arrive upper-case without Shift; Shift+letter
 * keys (Shift+N, Shift+A…) mean something else than the letter, so such a
 * key is read as the letter itself. Built field by field: a KeyboardEvent's
 * fields are getters a spread would not copy.
 */
function withoutCapsLock(e: KeyInput): KeyInput {
  if (e.shiftKey !== false || e.key.length !== 1 || e.key === e.key.toLowerCase()) return e;
  return {
    key: e.key.toLowerCase(),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ctrlKey: e.ctrlKey,
    metaKey: e.metaKey,
    altKey: e.altKey,
    shiftKey: false,
  };
}

export interface KeyContext {
  /** Focus is in a text field: only Escape and explicit save keys act. */
  typing: boolean;
  /** The focused field saves on plain Enter (single-line ruling inputs). */
  enterSaves: boolean;
  /** A dialog or overlay is open: it owns the keyboard except Escape. */
  overlay: boolean;
  /** The queue (with its dispute panel) is the current view. */
  reviewing: boolean;
  /** A view with the queue is shown, even when nothing is selected (an empty filtered listing). */
  queue?: boolean;
  /** A view with a list of its own (Reports): j/k move through it, Enter opens the item. */
  list?: boolean;
  /** The Audit view with a cell under review: its own keys (resolveAuditKey). */
  audit?: boolean;
  /** How many views the tab bar has: Alt+1 … Alt+<views> switch to them. */
  views?: number;
  /** The view is the release desk with this many steps: 1 … <steps> go to them. */
  steps?: number;
}

/** The key of the release desk's step at `index` (1 … 9), or null. */
export function stepKey(index: number): string | null {
  return index < 9 ? (DECISION_KEYS[index] ?? null) : null;
}

/** Alt+1 … Alt+9: the views, in tab order. */
export const VIEW_KEYS: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Which view Alt+<key> shows (its index in the tab bar), from the physical key when known. */
function viewIndex(e: KeyInput): number {
  const digit = e.code != null && /^(Digit|Numpad)[1-9]$/u.test(e.code) ? e.code.slice(-1) : e.key;
  return VIEW_KEYS.indexOf(digit);
}

/**
 * The key of "Agree" with a position of a conflict: its letter (A, B, …),
 * typed with Shift. Null past Z, and for N (Shift+N is "needs my ruling").
 */
export function agreeKey(group: number): string | null {
  if (group < 0 || group >= 26) return null;
  const letter = String.fromCharCode(65 + group);
  return letter === 'N' ? null : letter;
}

export function resolveKey(pressed: KeyInput, ctx: KeyContext): KeyAction | null {
  const e = withoutCapsLock(pressed);
  // One press closes a dialog, wherever its focus is: leaving a dialog's text
  // field first would put the focus on the page behind the dialog.
  if (e.key === 'Escape') return { type: ctx.overlay ? 'close' : 'escape' };
  if (ctx.overlay) return e.key === '?' && !ctx.typing ? { type: 'help' } : null;
  const modified = e.ctrlKey || e.metaKey;
  const saving = ctx.reviewing || ctx.audit === true;
  if (ctx.typing) {
    if (e.key === 'Enter' && !e.altKey && (modified || ctx.enterSaves) && saving) return { type: 'save' };
    return null;
  }
  if (modified && e.key === 'Enter' && saving) return { type: 'save' };
  if (e.altKey && !modified) {
    const view = viewIndex(e);
    if (view >= 0 && view < (ctx.views ?? 0)) return { type: 'view', index: view };
  }
  // Leave browser and OS shortcuts (copy, reload, zoom…) alone.
  if (modified || e.altKey) return null;
  if (e.key === '?') return { type: 'help' };
  // Search works before a dispute has loaded, and on an empty (filtered-out) queue.
  if (e.key === '/') return { type: 'search' };
  // Works on an empty listing too, so the filter can always be switched off again.
  if (e.key === 'N' && (ctx.reviewing || ctx.queue === true)) return { type: 'needs-me' };
  if (ctx.audit === true) return resolveAuditKey(e.key);
  const steps = ctx.steps ?? 0;
  if (!ctx.reviewing && steps > 0) {
    const step = DECISION_KEYS.indexOf(e.key);
    return step >= 0 && step < steps && stepKey(step) != null ? { type: 'step', index: step } : null;
  }
  // Moving works before the first dispute has loaded: the queue keeps the move until its rows arrive.
  const move = ctx.reviewing || ctx.queue === true ? resolveQueueMove(e.key) : null;
  if (move) return move;
  if (!ctx.reviewing) return ctx.list === true ? resolveListKey(e.key) : null;
  switch (e.key) {
    case 'Enter':
      return { type: 'save' };
    case 'u':
      return { type: 'retract' };
    case 'o':
      return { type: 'open-source' };
    case 'e':
      return { type: 'evidence' };
    case 'r':
      return { type: 'rationale' };
    case SYSTEMS_KEY:
      return { type: 'systems' };
    default:
      break;
  }
  // Shift+letter (N excepted, above): agree with that position of a conflict.
  if (/^[A-Z]$/u.test(e.key)) return { type: 'agree', group: e.key.charCodeAt(0) - 65 };
  const decision = DECISION_KEYS.indexOf(e.key);
  if (decision >= 0) return { type: 'decision', index: decision };
  const cluster = CLUSTER_KEYS.indexOf(e.key);
  if (cluster >= 0) return { type: 'cluster', index: cluster };
  return null;
}

export interface FocusedButton {
  /** A dialog is open: its buttons are its own. */
  overlay: boolean;
  /** The button composes the ruling (a decision, a cluster, "Agree"): marked data-enter-save. */
  rulingButton: boolean;
  /** The engineer reached the button with the keyboard (it shows a focus ring), rather than clicking it. */
  keyboardFocused: boolean;
}

/**
 * Whether Enter presses the focused button or keeps its meaning in the view
 * (save the ruling; open the selected report). Clicking a tab, a filter, a
 * cluster's ▸ or "Show all" leaves that button focused, and the keyboard
 * must go on ruling regardless. One rule everywhere:
 * - in a dialog, its buttons take Enter;
 * - a button of the ruling itself (a decision, a cluster's letter, Agree)
 *   never swallows the save;
 * - any other button takes Enter when reached with the keyboard, whether or
 *   not a decision is chosen; one focused by a mouse click was not aimed at
 *   with the keyboard, and Enter keeps its meaning in the view.
 * Text fields and selects are not buttons: they always keep their own Enter.
 */
export function enterPressesButton(b: FocusedButton): boolean {
  if (b.overlay) return true;
  if (b.rulingButton) return false;
  return b.keyboardFocused;
}

/** Where the focus is when a key would save the ruling. */
export interface SaveFocus {
  /** Nothing has the focus: the page. */
  page: boolean;
  /** The focus is in the ruling form, or on a control marked as composing the ruling (data-enter-save: a cluster's letter, Agree). */
  ruling: boolean;
  /** The focus is in a text field or a select. */
  typing: boolean;
  /** The focus is on one of the queue grid's own controls (its header, its menus). */
  grid: boolean;
  /** The focused element was reached with the keyboard (it shows a focus ring). */
  keyboardFocused: boolean;
}

/**
 * Whether a save key (Enter, Ctrl+Enter) may save the ruling from where the
 * focus is: only from the ruling form or the page. A control outside the
 * form (the filter bar, a tab, the grid's header, a link) keeps its own
 * Enter and never saves; a button clicked with the mouse shows no focus and
 * leaves the keyboard on the page.
 */
export function saveAllowedFrom(f: SaveFocus): boolean {
  if (f.page || f.ruling) return true;
  if (f.typing || f.grid) return false;
  return !f.keyboardFocused;
}

/** The queue's moves: a row as in every list, or a page of 20. */
function resolveQueueMove(key: string): KeyAction | null {
  if (key === 'PageDown') return { type: 'move', delta: 20 };
  if (key === 'PageUp') return { type: 'move', delta: -20 };
  return resolveMoveKey(key);
}

/** j/k and the arrows move through a view's list, in every view that has one. */
function resolveMoveKey(key: string): KeyAction | null {
  if (key === 'j' || key === 'ArrowDown') return { type: 'move', delta: 1 };
  if (key === 'k' || key === 'ArrowUp') return { type: 'move', delta: -1 };
  return null;
}

/** Keys of a view's own list (Reports): move, and open the selected item. */
function resolveListKey(key: string): KeyAction | null {
  return key === 'Enter' ? { type: 'open' } : resolveMoveKey(key);
}

/** The Audit view's keys: move through the audited cells, give a verdict, write why, save. */
function resolveAuditKey(key: string): KeyAction | null {
  switch (key) {
    case '1':
    case '2':
    case '3':
      return { type: 'verdict', index: Number(key) - 1 };
    case 'r':
      return { type: 'rationale' };
    case 'e':
      return { type: 'evidence' };
    case 's':
      return { type: 'reveal' };
    case 'Enter':
      return { type: 'save' };
    default:
      return resolveMoveKey(key);
  }
}

export interface KeyHelp {
  keys: string[];
  what: string;
}

export interface KeyHelpGroup {
  title: string;
  items: KeyHelp[];
}

/** The key map overlay and the README list exactly this. */
export const KEY_MAP: readonly KeyHelpGroup[] = [
  {
    title: 'Queue',
    items: [
      { keys: ['j', '↓'], what: 'Next dispute (the panel follows)' },
      { keys: ['k', '↑'], what: 'Previous dispute' },
      { keys: ['PgDn', 'PgUp'], what: 'Move 20 disputes' },
      { keys: ['/'], what: 'Search: entity, values, gold, task, column or dispute id' },
      {
        keys: ['Shift', 'N'],
        what: 'Only disputes that need my ruling (not ruled by me, not resolved); again to show all',
      },
      {
        keys: [SYSTEMS_KEY],
        what: 'Show or hide the systems under the comparison: each cell, its verdict, judge reasoning and sources',
      },
    ],
  },
  {
    title: 'Ruling',
    items: [
      {
        keys: ['1', '…', '7'],
        what: 'Choose a decision, one key per meaning in every kind of dispute: 1 changes nothing (keep gold, reject row), 2 takes the systems’ (accept, add row), 3 adds theirs beside gold (both, alias), 4 new value, 5 blank, 6 ungraded, 7 remove row. The same key again edits its prefilled value (Add row’s entity). New value (4) takes the typing at once. A key that is no decision here says so and drops the keys typed right after it',
      },
      {
        keys: ['a', 'b', 'c', 'd', 'f', '…'],
        what: 'Pick a cluster (or a system of a missing row); prefills the value. The picked cluster’s letter again: its next spelling (a choice column’s option first). Letters skip e j k o r u',
      },
      { keys: ['r'], what: 'Write the rationale' },
      {
        keys: ['e'],
        what: 'Add an evidence URL (Enter adds it; Enter on the empty box saves; a link still in the box is added on save)',
      },
      {
        keys: ['Enter'],
        what: 'Save the ruling and go to the next open dispute (from the page or the ruling form, never from another focused control)',
      },
      { keys: ['Ctrl', 'Enter'], what: 'Save from inside any ruling field (rationale, evidence)' },
      {
        keys: ['Tab'],
        what: 'In Add row, move through the cells it adds: each can be edited, and its ✕ (Enter or Space) clears it so it is not written',
      },
      { keys: ['u'], what: 'Retract my latest ruling on this dispute (recorded, never deleted)' },
      { keys: ['o'], what: 'Open the focused source link (else the picked cluster’s first source)' },
      {
        keys: ['Shift', 'A', 'B', '…'],
        what: 'In a conflict, agree with position A, B, … (the letter over each engineer, shown on the Agree buttons): copies its decision and value; Enter saves',
      },
    ],
  },
  {
    title: 'Anywhere',
    items: [
      {
        keys: ['Alt', '1', '…', '6'],
        what: 'Switch view: Queue, Conflicts, Reports, Stats, Export, Audit (the tabs, in order)',
      },
      { keys: ['?'], what: 'Show or hide this key map' },
      { keys: ['Esc'], what: 'Leave a text field or a focused button (the keys go back to the page), close a dialog' },
    ],
  },
  {
    title: 'Release desk and dialogs',
    items: [
      {
        keys: ['1', '…', '6'],
        what: 'Export view: go to a step of the release desk (export, preview, review, apply, history, ruling logs); its first field takes the focus',
      },
      {
        keys: ['Tab', 'Shift', 'Tab'],
        what: 'Move through the controls of the release desk or a dialog (a dialog keeps Tab inside it)',
      },
      { keys: ['Space'], what: 'Press the focused button, tick the focused box' },
      {
        keys: ['Ctrl', 'Enter'],
        what: 'In the Import or Settings dialog: do what its main button says (import the paths, save)',
      },
    ],
  },
  {
    title: 'Reports',
    items: [
      { keys: ['j', '↓'], what: 'Next report (Reports tab)' },
      { keys: ['k', '↑'], what: 'Previous report (Reports tab)' },
      { keys: ['Enter'], what: 'Open the selected report’s dispute in the queue (Reports tab)' },
    ],
  },
  {
    title: 'Audit',
    items: [
      { keys: ['j', '↓'], what: 'Next audited cell (Audit tab)' },
      { keys: ['k', '↑'], what: 'Previous audited cell (Audit tab)' },
      { keys: ['1', '2', '3'], what: 'Verdict on the gold value: correct, incorrect, unsure (Audit tab)' },
      { keys: ['r'], what: 'Write why (Audit tab)' },
      { keys: ['e'], what: 'Add an evidence URL (Audit tab; Enter adds it)' },
      { keys: ['s'], what: 'Show the systems’ values (recorded as unblinded; Audit tab)' },
      { keys: ['Enter'], what: 'Save the verdict and go to the next cell without one of mine (Audit tab)' },
    ],
  },
];
