import { createRoot } from 'react-dom/client';
import { activatePlugin } from '@cumulus/sdk';
import type { PluginHost, Translate } from '@cumulus/sdk';
import { createRouterNavigator } from '../routing/routerNavigator';
import { createShellHost, createShellStore, rootElement } from '../shellHost';
import { pluginsSettled } from '../../model/views/viewsSlice';
import { createFilesApi } from '../../services/api/filesApi';
import { createDavService } from '../../services/dav/davService';
import type { PageContext } from '../../services/pageContext';
import { publicShareMode } from '../../services/publicShare';
import type { PublicShare } from '../../services/publicShare';
import type { Navigator, ShellServices } from '../../services/types';
import { createPublicCorePlugin } from './publicCorePlugin';
import { PublicShareApp } from './PublicShareApp';

/** What the page's start gives the public mode: its translation and where it runs. */
export interface PublicStart {
  t: Translate;
  language: string;
  translatorFor: NonNullable<PluginHost['translatorFor']>;
  page: PageContext;
}

/**
 * Starts the shell in public mode for a public link's page (product §1: the visitor is owner
 * anonymous): the services talk to the link's public WebDAV only (the password step's cookie
 * goes along), there is no user, no user config, no live feed and no deployment plugins; the
 * built-ins come from the public core plugin. A folder link gets the router below
 * `/s/{token}`, a file link and a file drop their one screen.
 */
export async function startPublicShare(share: PublicShare, start: PublicStart): Promise<void> {
  const { t, language, page } = start;
  const host = createShellHost({ t, language, translatorFor: start.translatorFor, reportError: (error) => console.error('A built-in failed', error) });
  // Capabilities (upload limits, filename rules) are public; nothing else of the API is asked.
  const api = createFilesApi({ origin: page.origin });
  const dav = createDavService({ origin: page.origin, uid: '', publicToken: share.token });
  // Only a folder link has routes to go to.
  const router = publicShareMode(share) === 'folder' ? createRouterNavigator() : null;
  const navigator: Navigator = router ?? { navigate: () => undefined };
  const services: ShellServices = { dav, api, host, t, language, navigator, uid: '', publicShare: share };
  const store = createShellStore(services, page);
  await activatePlugin(host, createPublicCorePlugin(services, share));
  store.dispatch(pluginsSettled());

  createRoot(rootElement()).render(<PublicShareApp store={store} services={services} share={share} router={router} />);
}
