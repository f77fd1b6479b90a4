import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { StrictMode } from 'react';
import type { FilesRouter } from '../../app/App';
import { ServicesContext } from '../../app/ServicesContext';
import type { AppStore } from '../../app/store';
import { publicShareMode } from '../../services/publicShare';
import type { PublicShare } from '../../services/publicShare';
import type { ShellServices } from '../../services/types';
import { PublicDropScreen } from './PublicDropScreen';
import { PublicFileScreen } from './PublicFileScreen';

/**
 * The shell in public mode: a folder link runs the router (its routes render the public
 * folder screen), a file link and a file drop have one screen each.
 */
export function PublicShareApp({ store, services, share, router }: { store: AppStore; services: ShellServices; share: PublicShare; router: FilesRouter | null }) {
  const mode = publicShareMode(share);
  return (
    <StrictMode>
      <Provider store={store}>
        <ServicesContext.Provider value={services}>
          {mode === 'drop' ? <PublicDropScreen share={share} /> : mode === 'file' || router === null ? <PublicFileScreen share={share} /> : <RouterProvider router={router} />}
        </ServicesContext.Provider>
      </Provider>
    </StrictMode>
  );
}
