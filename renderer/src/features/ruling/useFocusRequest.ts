// Lets a store action (a key press) put the cursor in a given field.
//
// The cursor goes to the end of what the field holds, never selecting it: a
// prefilled value (an entity, a picked cluster's value, a link typed earlier)
// must not be replaced whole by the next key. A request is carried out once:
// a field that mounts later (the form shown again) does not take it again.
import { useEffect, useRef } from 'react';
import { useRulingStore, type DraftField } from '../../stores/ruling-store';

let handled = 0;

export function useFocusRequest<T extends HTMLElement>(field: DraftField) {
  const ref = useRef<T>(null);
  const focus = useRulingStore((s) => s.focus);
  useEffect(() => {
    const el = ref.current;
    if (focus == null || focus.field !== field || focus.seq <= handled || !el) return;
    handled = focus.seq;
    el.focus();
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      const end = el.value.length;
      el.setSelectionRange(end, end);
    }
  }, [focus, field]);
  return ref;
}
