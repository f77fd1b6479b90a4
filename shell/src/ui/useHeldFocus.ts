import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Moves the keyboard focus to `target` when the component mounts and gives it back to
 * where it was (if that is still on the page) when it unmounts. A layout effect: the
 * focus is back before the effects of whatever replaces the component run, so a dialog
 * taking over from a stand-in finds it where the user left it.
 */
export function useHeldFocus(target: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const previous = document.activeElement;
    target.current?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [target]);
}
