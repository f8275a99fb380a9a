// A dialog over the app. Escape is handled by the global key handler, which
// closes whatever overlay is open.
import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

export function Modal({ title, onClose, wide = false, children, footer }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Take focus so keys typed now belong to the dialog, and give it back after.
    const previous = document.activeElement as HTMLElement | null;
    // The marked field, else the first field; a dialog without fields (the
    // key map) takes focus itself rather than ringing its close button.
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current?.querySelector<HTMLElement>('.modal-body input, .modal-body textarea, .modal-body select');
    (first ?? ref.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`modal ${wide ? 'modal-wide' : ''}`} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <header className="modal-head">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer != null && <footer className="modal-foot">{footer}</footer>}
      </div>
    </div>
  );
}
