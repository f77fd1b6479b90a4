import { useEffect, useState } from 'react';

/** Below this width the left navigation is hidden and opens as an overlay (matches the layout's media query). */
export const NAVIGATION_OVERLAY_MAX_WIDTH = 520;

const QUERY = `(max-width: ${NAVIGATION_OVERLAY_MAX_WIDTH}px)`;

/** Whether the window is narrow enough that the navigation is an overlay; false where matchMedia is missing (jsdom). */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(QUERY);
    const onChange = () => setNarrow(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
