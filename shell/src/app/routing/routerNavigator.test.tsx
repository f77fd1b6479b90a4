/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Navigate, useLocation, useRoutes } from 'react-router';
import type { Location, NavigateFunction } from 'react-router';
import { createRouterNavigator, NavigatorBridge } from './routerNavigator';
import type { RouterNavigator } from './routerNavigator';

/** A navigate that records what it was asked. */
function recordingNavigate(calls: unknown[][]): NavigateFunction {
  return ((...args: unknown[]) => void calls.push(args)) as NavigateFunction;
}

/**
 * The app's shape: routes (the root redirects), the bridge after them, in StrictMode unless
 * `strict` is false; the location seen is kept in `seen`.
 */
function mountApp(navigator: RouterNavigator, seen: { current: Location | null }, at = '/apps/files/files', strict = true) {
  function Routes() {
    seen.current = useLocation();
    return useRoutes([
      { path: '/', element: <Navigate replace to="/files?dir=/Redirected" /> },
      { path: '*', element: null },
    ]);
  }
  const app = (
    <MemoryRouter initialEntries={[at]} basename="/apps/files">
      <Routes />
      <NavigatorBridge navigator={navigator} />
    </MemoryRouter>
  );
  return render(strict ? <StrictMode>{app}</StrictMode> : app);
}

describe('the router navigator', () => {
  it('carries out what was asked before the router came, in order, once it does', () => {
    const navigator = createRouterNavigator();
    navigator.navigate({ view: 'files', dir: '/A' });
    navigator.navigate({ view: 'files', dir: '/B' }, { replace: true });
    const calls: unknown[][] = [];
    navigator.attach(recordingNavigate(calls));
    expect(calls).toEqual([
      ['/files?dir=/A', undefined],
      ['/files?dir=/B', { replace: true }],
    ]);
    navigator.navigate({ view: 'recent' });
    expect(calls).toEqual([
      ['/files?dir=/A', undefined],
      ['/files?dir=/B', { replace: true }],
      ['/recent?dir=/', undefined],
    ]);
  });

  it('waits again while no router is attached, and asks nothing twice', () => {
    const navigator = createRouterNavigator();
    const first: unknown[][] = [];
    navigator.attach(recordingNavigate(first));
    navigator.attach(null);
    navigator.navigate({ view: 'files', dir: '/C', fileid: 7 });
    expect(first).toEqual([]);
    const second: unknown[][] = [];
    navigator.attach(recordingNavigate(second));
    navigator.attach(null);
    navigator.attach(recordingNavigate(second));
    expect(second).toEqual([['/files/7?dir=/C', undefined]]);
  });

  it('moves the router it is bridged into, from outside React', async () => {
    const navigator = createRouterNavigator();
    // Asked before the router is mounted: carried out once the bridge is.
    navigator.navigate({ view: 'recent', dir: '/Early' });
    const seen: { current: Location | null } = { current: null };
    const view = mountApp(navigator, seen);
    await act(async () => undefined);
    expect(seen.current?.pathname).toBe('/recent');
    expect(seen.current?.search).toBe('?dir=/Early');
    // A new path gives the bridge a new navigate: the next call still arrives.
    await act(async () => navigator.navigate({ view: 'files', dir: '/Photos', fileid: 21 }));
    expect(seen.current?.pathname).toBe('/files/21');
    await act(async () => navigator.navigate({ view: 'files', dir: '/Docs' }));
    expect(seen.current?.pathname).toBe('/files');
    expect(seen.current?.search).toBe('?dir=/Docs');
    // Once the router is gone, a call waits for the next one.
    view.unmount();
    navigator.navigate({ view: 'favorites' });
    const calls: unknown[][] = [];
    navigator.attach(recordingNavigate(calls));
    expect(calls).toEqual([['/favorites?dir=/', undefined]]);
  });

  it('carries out a waiting navigation after the redirect of the address the page was opened at', async () => {
    const navigator = createRouterNavigator();
    navigator.navigate({ view: 'files', dir: '/Early' });
    const seen: { current: Location | null } = { current: null };
    // Not in StrictMode: its second run of every effect (development builds only) would
    // replay the redirect after the waiting navigation.
    mountApp(navigator, seen, '/apps/files/', false);
    await act(async () => undefined);
    expect(seen.current?.pathname).toBe('/files');
    expect(seen.current?.search).toBe('?dir=/Early');
  });
});
