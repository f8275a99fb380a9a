// A dialog over the app, in a portal on <body>. While it is open everything
// else on the page is inert (no clicks, no focus, hidden from assistive
// technology) and Tab / Shift+Tab cycle inside it. Escape is handled by the
// global key handler, which closes whatever overlay is open.
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
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

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
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.checkVisibility({ visibilityProperty: true }));
}

export function Modal({ title, onClose, wide = false, tall = false, children, footer }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const backdrop = dialog?.parentElement ?? null;
    if (backdrop) openBackdrops.push(backdrop);
    syncInert();
    // The marked field, else the first field; a dialog without fields (the
    // key map) takes focus itself rather than ringing its close button.
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>('.modal-body input, .modal-body textarea, .modal-body select');
    (first ?? dialog)?.focus();
    return () => {
      const at = backdrop ? openBackdrops.indexOf(backdrop) : -1;
      if (at >= 0) openBackdrops.splice(at, 1);
      syncInert();
      if (dialog?.contains(document.activeElement) && document.activeElement instanceof HTMLElement) document.activeElement.blur();
    };
  }, []);

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
      <div ref={ref} className={['modal', wide ? 'modal-wide' : '', tall ? 'modal-tall' : ''].filter(Boolean).join(' ')} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} onKeyDown={trapTab}>
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
