import { useEffect, useRef } from 'react';
import type { FocusEvent } from 'react';

/** The focus handlers `useFocusRescue` needs on the container it watches. */
export interface FocusRescueHandlers {
  onFocus(event: FocusEvent<HTMLElement>): void;
  onBlur(event: FocusEvent<HTMLElement>): void;
}

/**
 * Keeps the keyboard focus when a control of the container goes away while it has it (a
 * Cancel, Resume or Discard whose line or whole panel ends): the browser leaves the focus
 * on the page's body and reports nothing, so after each render the control that last had
 * the focus is checked, and when it is gone and the focus is nowhere, `fallback()` takes
 * it. A focus that moved elsewhere (a click on the page included) is left alone. Spread
 * the returned handlers on the container.
 */
export function useFocusRescue(fallback: () => HTMLElement | null | undefined): FocusRescueHandlers {
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const last = lastFocused.current;
    if (last === null || last.isConnected || (document.activeElement !== null && document.activeElement !== document.body)) return;
    lastFocused.current = null;
    fallback()?.focus();
  });
  return {
    onFocus: (event) => {
      lastFocused.current = event.target;
    },
    onBlur: (event) => {
      const { target, relatedTarget, currentTarget } = event;
      if (relatedTarget !== null) {
        if (!currentTarget.contains(relatedTarget)) lastFocused.current = null;
        return;
      }
      // To nowhere: a click on the page (the control stays), or the control being removed
      // (some browsers blur it on the way out). Which one shows once the removal is done.
      setTimeout(() => {
        if (lastFocused.current === target && target.isConnected) lastFocused.current = null;
      }, 0);
    },
  };
}
