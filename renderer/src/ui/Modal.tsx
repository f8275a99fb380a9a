// A dialog over the app, in a portal on <body>. While it is open everything
// else on the page is inert (no clicks, no focus, hidden from assistive
// technology) and Tab / Shift+Tab cycle inside it. Escape closes it in one
// press, from a text field too (the global key handler does the same when the
// focus is nowhere). The focus never leaves the newest open dialog: when it
// would fall to the page (a focused button disabled or removed, a field
// blurred), the dialog takes it back.
//
// Focus on closing goes to the page itself, never back to the button that
// opened the dialog: the review keys (numbers, letters, Enter) must act on the
// queue at once, and a header button left focused would take Enter for itself
// and open the dialog again.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: string;
  onClose: () => void;
  wide?: boolean;
  /**
   * A fixed height, the body scrolling: for dialogs whose content grows while
   * a job runs (progress, then a report), so the footer's buttons do not move
   * from under a pointer that is pressing one of them.
   */
  tall?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  /**
   * What Ctrl+Enter (Cmd+Enter) does from anywhere in the dialog, a text
   * field included: its main button's action, called only while that button
   * could be pressed.
   */
  onSubmit?: (() => void) | null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** Backdrops of the dialogs open, oldest first: the newest one alone is live. */
const openBackdrops: HTMLElement[] = [];
const MARK = 'data-modal-inert';

/**
 * Makes every child of <body> but the newest dialog's backdrop inert, and
 * gives back what this made inert once no dialog is open. Recomputed from the
 * open dialogs on every open and close, so no order of mounting and unmounting
 * (two dialogs swapping in one render, one closing as another opens) can leave
 * the page inert behind a dialog that is gone. Inert set by someone else stays.
 */
function syncInert(): void {
  const live = openBackdrops.at(-1) ?? null;
  for (const el of document.body.children) {
    if (live !== null && el !== live) {
      if (!el.hasAttribute('inert')) {
        el.setAttribute('inert', '');
        el.setAttribute(MARK, '');
      }
    } else if (el.hasAttribute(MARK)) {
      el.removeAttribute('inert');
      el.removeAttribute(MARK);
    }
  }
}

/**
 * What Tab visits, in order: not the roving (tabindex -1) members of a radio
 * group, nor hidden ones — not displayed, or visibility: hidden (a button off
 * duty in a footer slot keeps its box but cannot take focus, and a stop that
 * refuses focus would hold Tab where it is).
 */
function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.checkVisibility({ visibilityProperty: true }),
  );
}

export function Modal({ title, onClose, wide = false, tall = false, children, footer, onSubmit = null }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const backdrop = dialog?.parentElement ?? null;
    if (backdrop) openBackdrops.push(backdrop);
    syncInert();
    // The marked field, else the first field; a dialog without fields (the
    // key map) takes focus itself rather than ringing its close button.
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog?.querySelector<HTMLElement>('.modal-body input, .modal-body textarea, .modal-body select');
    (first ?? dialog)?.focus();
    // Focus that left the dialog for nowhere (the page itself) comes back to
    // it. Checked once the move is over: a blur fires before the next element
    // is focused, and a window losing focus keeps its active element.
    let pending: ReturnType<typeof setTimeout> | null = null;
    const reclaim = () => {
      pending = null;
      if (!dialog || !backdrop || openBackdrops.at(-1) !== backdrop) return;
      const active = document.activeElement;
      if (
        active === null ||
        active === document.body ||
        active === document.documentElement ||
        !backdrop.contains(active)
      )
        dialog.focus();
    };
    const onFocusOut = () => {
      if (pending === null) pending = setTimeout(reclaim, 0);
    };
    // Chromium moves the focus of a button that becomes disabled to the page
    // without a blur event: watching the dialog's attributes catches that.
    const observer = new MutationObserver(onFocusOut);
    if (dialog) {
      dialog.addEventListener('focusout', onFocusOut);
      observer.observe(dialog, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['disabled', 'hidden', 'inert'],
      });
    }
    return () => {
      if (pending !== null) clearTimeout(pending);
      observer.disconnect();
      dialog?.removeEventListener('focusout', onFocusOut);
      const at = backdrop ? openBackdrops.indexOf(backdrop) : -1;
      if (at >= 0) openBackdrops.splice(at, 1);
      syncInert();
      if (dialog?.contains(document.activeElement) && document.activeElement instanceof HTMLElement)
        document.activeElement.blur();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      if (e.defaultPrevented || e.nativeEvent.isComposing) return;
      // Closes in one press: blurring a field first would put the focus behind the dialog.
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && onSubmit) {
      if (e.defaultPrevented || e.nativeEvent.isComposing) return;
      e.preventDefault();
      onSubmit();
      return;
    }
    trapTab(e);
  };

  const trapTab = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const items = tabStops(ref.current);
    const active = document.activeElement;
    const at = items.findIndex((el) => el === active);
    e.preventDefault();
    if (items.length === 0) {
      ref.current.focus();
      return;
    }
    const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : at < 0 || at === items.length - 1 ? 0 : at + 1;
    items[next]!.focus();
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={['modal', wide ? 'modal-wide' : '', tall ? 'modal-tall' : ''].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal-head">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer != null && <footer className="modal-foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
