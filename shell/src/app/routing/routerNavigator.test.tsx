/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location, NavigateFunction } from 'react-router';
import { createRouterNavigator, NavigatorBridge } from './routerNavigator';

/** A navigate that records what it was asked. */
function recordingNavigate(calls: unknown[][]): NavigateFunction {
  return ((...args: unknown[]) => void calls.push(args)) as NavigateFunction;
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
    expect(calls).toHaveLength(3);
    expect(calls[2]).toEqual(['/recent?dir=/', undefined]);
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
    navigator.attach(recordingNavigate(second));
    expect(second).toEqual([['/files/7?dir=/C', undefined]]);
  });

  it('moves the router it is bridged into, from outside React', async () => {
    const navigator = createRouterNavigator();
    // Asked before the router is mounted: carried out once the bridge is.
    navigator.navigate({ view: 'files', dir: '/Early' });
    const seen: { current: Location | null } = { current: null };
    function Probe() {
      seen.current = useLocation();
      return null;
    }
    const view = render(
      <MemoryRouter initialEntries={['/apps/files/files']} basename="/apps/files">
        <NavigatorBridge navigator={navigator} />
        <Probe />
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(seen.current?.pathname).toBe('/files');
    expect(seen.current?.search).toBe('?dir=/Early');
    await act(async () => navigator.navigate({ view: 'files', dir: '/Photos', fileid: 21 }));
    expect(seen.current?.pathname).toBe('/files/21');
    expect(seen.current?.search).toBe('?dir=/Photos');
    // Unmounted: the router is gone, nothing reaches it.
    view.unmount();
    const last = seen.current;
    navigator.navigate({ view: 'recent' });
    expect(seen.current).toBe(last);
  });
});
