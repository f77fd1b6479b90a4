import { useEffect, useState } from 'react';
import { RESIZE_DEBOUNCE_MS } from '@cumulus/sdk';

/**
 * The width of `element`, followed with a ResizeObserver and debounced by
 * 100 ms (spec §9). `fallback` until measured, and in environments without
 * ResizeObserver (jsdom).
 */
export function useElementWidth(element: HTMLElement | null, fallback = 1024): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    if (element === null || typeof ResizeObserver === 'undefined') return;
    if (element.clientWidth > 0) setWidth(element.clientWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(element.clientWidth), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [element]);
  return width;
}
