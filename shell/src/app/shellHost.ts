import { createEventBus, createRegistries } from '@cumulus/sdk';
import type { PluginHost, Translate } from '@cumulus/sdk';
import { coreConfigLoaded } from '../model/config/coreConfigSlice';
import { hostDialogs } from '../ui/confirm/confirmStore';
import { viewsChanged } from '../model/views/viewsSlice';
import { connectFilterEvents } from '../plugin-host/filterEvents';
import type { PageContext } from '../services/pageContext';
import type { ShellServices } from '../services/types';
import { createAppStore } from './store';
import type { AppStore } from '../model/store/storeTypes';

/**
 * The construction both composition roots share: the signed-in app
 * (bootstrap.tsx) and a public link's page (app/public-share/startPublicShare.tsx)
 * build their plugin host, their store and their root element the same way;
 * they differ in the services and the plugins they start.
 */

/** What a host needs from its composition root: its translation and where a plugin's fault goes. */
export interface HostStart {
  t: Translate;
  language: string;
  translatorFor: NonNullable<PluginHost['translatorFor']>;
  reportError: PluginHost['reportError'];
}

/** The plugin host: fresh registries and event bus, the shell's dialogs; every filter's arrival is announced. */
export function createShellHost(start: HostStart): PluginHost {
  const host: PluginHost = {
    registries: createRegistries(),
    events: createEventBus(),
    t: start.t,
    language: start.language,
    translatorFor: start.translatorFor,
    dialogs: hostDialogs,
    reportError: start.reportError,
  };
  // Before any plugin runs, so every filter's arrival is announced.
  connectFilterEvents(host.registries.fileListFilters, host.events);
  return host;
}

/** The store over `services`, knowing the page's core config; it mirrors which views exist, so a route naming a plugin's view waits for it. */
export function createShellStore(services: ShellServices, page: PageContext): AppStore {
  const store = createAppStore(services);
  store.dispatch(coreConfigLoaded({ enableNonAccessibleFeatures: page.enableNonAccessibleFeatures }));
  const { views } = services.host.registries;
  const syncViews = () => store.dispatch(viewsChanged(views.getAll().map((view) => view.id)));
  views.subscribe(syncViews);
  syncViews();
  return store;
}

/** The page's #root, where the app renders. */
export function rootElement(): HTMLElement {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html lacks #root');
  return container;
}
