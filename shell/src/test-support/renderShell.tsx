// First: a request that reaches for the network under jsdom fails with a clear message.
import './jsdomFetch';
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import type { Location } from 'react-router';
import { PluginFailuresContext } from '../plugin-host/PluginFailuresContext';
import { BASENAME } from '../model/navigation/filesLocation';
import { filesRoutes } from '../app/routing/routes';
import { ServicesContext } from '../ui/ServicesContext';
import { createAppStore } from '../app/store';
import type { AppStore } from '../model/store/storeTypes';
import { viewsChanged } from '../model/views/viewsSlice';
import { createPluginFailures } from '../plugin-host/pluginFailures';
import type { ShellServices } from '../services/types';

/** Everything a rendered test app exposes. */
export interface RenderedShell extends RenderResult {
  store: AppStore;
  /** The router's current location (below the base path), updated as the app navigates. */
  location: { current: Location | null };
}

function Routes({ probe }: { probe: { current: Location | null } }) {
  probe.current = useLocation();
  return useRoutes(filesRoutes);
}

/**
 * jsdom lays nothing out: give every element a viewport-sized height so the
 * virtual list renders the rows a browser would. Returns the undo.
 */
export function stubLayout(height = 2000): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  };
}

/**
 * Renders the whole app at `url` (below /apps/files, e.g. '/files?dir=/Docs')
 * with a memory router in place of the page's browser router (same routes),
 * a fresh store over `services`, and waits for the first effects.
 * Use with the `@jest-environment jsdom` docblock.
 */
export async function renderShell(services: ShellServices, url = '/files'): Promise<RenderedShell> {
  const store = createAppStore(services);
  store.dispatch(viewsChanged(services.host.registries.views.getAll().map((view) => view.id)));
  const location: { current: Location | null } = { current: null };
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <Provider store={store}>
        <ServicesContext.Provider value={services}>
          <PluginFailuresContext.Provider value={createPluginFailures()}>
            <MemoryRouter initialEntries={[`${BASENAME}${url}`]} basename={BASENAME}>
              <Routes probe={location} />
            </MemoryRouter>
          </PluginFailuresContext.Provider>
        </ServicesContext.Provider>
      </Provider>,
    );
  });
  return { ...(result as RenderResult), store, location };
}

/** Renders a component with a store and services, without the router (for leaf components). */
export function renderWithStore(ui: ReactNode, services: ShellServices, store: AppStore = createAppStore(services)): RenderResult & { store: AppStore } {
  // A wrapper, so `rerender` keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </Provider>
  );
  const result: RenderResult = render(ui, { wrapper });
  return { ...result, store };
}
