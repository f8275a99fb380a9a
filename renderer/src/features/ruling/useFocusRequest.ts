// Lets a store action (a key press) put the cursor in a given field.
import { useEffect, useRef } from 'react';
import { useRulingStore, type DraftField } from '../../stores/ruling-store';

export function useFocusRequest<T extends HTMLElement>(field: DraftField) {
  const ref = useRef<T>(null);
  const focus = useRulingStore((s) => s.focus);
  useEffect(() => {
    if (focus?.field === field && ref.current) {
      ref.current.focus();
      if (ref.current instanceof HTMLInputElement) ref.current.select();
    }
  }, [focus, field]);
  return ref;
}
