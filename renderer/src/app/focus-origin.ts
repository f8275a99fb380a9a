// How the focused element got the focus: a pointer (a mouse click) or the
// keyboard (Tab, or a script after a key). Chromium's :focus-visible cannot
// tell afterwards: it turns on for a clicked button at the next key pressed,
// so a click on a cluster's ▸ followed by `1` `Enter` would press ▸ instead
// of saving. A button focused by a click shows no focus and leaves the
// keyboard on the page (lib/keys.ts enterPressesButton, saveAllowedFrom).
let pointerPressed = false;
let clicked: Element | null = null;

/** Starts watching; returns the stop. */
export function watchFocusOrigin(): () => void {
  const onPointerDown = () => {
    pointerPressed = true;
  };
  const onFocusIn = (e: FocusEvent) => {
    clicked = pointerPressed ? (e.target as Element | null) : null;
    pointerPressed = false;
  };
  const onKeyDown = () => {
    pointerPressed = false;
  };
  window.addEventListener('pointerdown', onPointerDown, true);
  window.addEventListener('focusin', onFocusIn, true);
  window.addEventListener('keydown', onKeyDown, true);
  return () => {
    window.removeEventListener('pointerdown', onPointerDown, true);
    window.removeEventListener('focusin', onFocusIn, true);
    window.removeEventListener('keydown', onKeyDown, true);
  };
}

/** True when `el` was focused by a pointer press (and has kept the focus since). */
export function focusedByPointer(el: Element): boolean {
  return el === clicked;
}
