import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { NavigateFunction } from 'react-router';
import type { FilesLocation, Navigator } from '../../services/types';
import { filesPath } from '../../model/navigation/filesLocation';

/**
 * The services' navigator (thunks and listeners navigate outside React) for a
 * declarative router (`BrowserRouter`): it navigates through the router's own `navigate`,
 * which <NavigatorBridge> hands it from inside the router. The data router
 * (`createBrowserRouter`) would offer `router.navigate` directly, but its engine (loaders,
 * actions, fetchers) made react-router's part of the page's first scripts 35.6 KB gzipped
 * instead of 19.0, for routes that use none of it.
 */
export interface RouterNavigator extends Navigator {
  /** The router's navigate while <NavigatorBridge> is mounted, null once it is gone. */
  attach(navigate: NavigateFunction | null): void;
}

/**
 * A navigator that goes through the attached router; what is asked before the router is
 * mounted (or while it is between two mounts) is carried out, in order, once it is.
 */
export function createRouterNavigator(): RouterNavigator {
  let target: NavigateFunction | null = null;
  let waiting: [string, { replace?: boolean } | undefined][] = [];
  return {
    navigate(location: FilesLocation, options?: { replace?: boolean }) {
      const to = filesPath(location);
      if (target === null) waiting.push([to, options]);
      else void target(to, options);
    },
    attach(navigate) {
      target = navigate;
      if (navigate === null) return;
      const queued = waiting;
      waiting = [];
      for (const [to, options] of queued) void navigate(to, options);
    },
  };
}

/**
 * Hands the router's navigate to `navigator`; render it inside the router. Attached in a
 * passive effect: the router starts listening to the history in a layout effect, which
 * runs after its children's, so a navigation from a child's layout effect would change the
 * address without the router seeing it.
 */
export function NavigatorBridge({ navigator }: { navigator: RouterNavigator }): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigator.attach(navigate);
    return () => navigator.attach(null);
  }, [navigator, navigate]);
  return null;
}
