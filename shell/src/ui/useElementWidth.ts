import { useEffect, useState } from 'react';
import { RESIZE_DEBOUNCE_MS } from '../lib/engine';

/**
 * The width of `element`, followed with a ResizeObserver and debounced by
 * 100 ms (product §9). `fallback` until measured, and in environments without
 * layout (jsdom). Measured in the render that first receives the element: the
 * file list's rows are then laid out once, at their width, instead of at the
 * fallback's first and again when an effect measured it (a render of every row
 * more at a page load).
 */
export function useElementWidth(element: HTMLElement | null, fallback = 1024): number {
  const [measured, setMeasured] = useState<{ element: HTMLElement | null; width: number }>({ element: null, width: fallback });
  let current = measured;
  if (element !== measured.element) {
    // State set while rendering: React renders this component again at once, before committing.
    current = { element, width: element !== null && element.clientWidth > 0 ? element.clientWidth : measured.width };
    setMeasured(current);
  }
  useEffect(() => {
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const follow = (): void => {
      const width = element.clientWidth;
      if (width > 0) setMeasured((previous) => (previous.element !== element || previous.width === width ? previous : { element, width }));
    };
    follow();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(follow, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [element]);
  return current.width;
}
