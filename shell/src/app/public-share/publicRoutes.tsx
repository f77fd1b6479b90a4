import type { RouteObject } from 'react-router';
import { FilesRoute } from '../routing/FilesRoute';
import { RootRedirect } from '../routing/RootRedirect';
import { FILELIST_ROUTE_ID } from '../routing/routes';
import type { PublicShare } from '../../services/publicShare';
import { PublicFolderScreen } from './PublicFolderScreen';

/** The base path of a public link's routes: the link's page, `/s/{token}` (the server serves the page below it too). */
export function publicShareBasename(share: Pick<PublicShare, 'token'>): string {
  return `/s/${encodeURIComponent(share.token)}`;
}

/** The app's routes (product §2) below a public folder link's page, rendering its screen. */
export function publicFolderRoutes(share: PublicShare): RouteObject[] {
  return [
    { path: '/', element: <RootRedirect /> },
    { id: FILELIST_ROUTE_ID, path: '/:view/:fileid?', element: <FilesRoute screen={<PublicFolderScreen share={share} />} /> },
    { path: '*', element: <RootRedirect /> },
  ];
}
