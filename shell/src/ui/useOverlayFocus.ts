import { useEffect } from 'react';
import type { RefObject } from 'react';

/** What can take focus inside an element. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `root` that Tab reaches, in order (everything in the open overlay is shown). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/**
 * While `active`, keeps keyboard focus inside `ref` like a modal: focus moves
 * into it, Tab and shift+Tab cycle within it, Escape calls `onClose`; when it
 * ends, focus goes back to `returnTo` (the toggle that opened it).
 */
export function useOverlayFocus(ref: RefObject<HTMLElement | null>, active: boolean, onClose: () => void, returnTo: () => HTMLElement | null): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || root === null) return;
    const first = focusables(root)[0];
    (first ?? root).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(root);
      if (items.length === 0) return;
      const head = items[0]!;
      const tail = items[items.length - 1]!;
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === head || !inside)) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !inside)) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      returnTo()?.focus();
    };
  }, [ref, active, onClose, returnTo]);
}
