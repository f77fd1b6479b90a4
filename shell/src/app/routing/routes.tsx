import type { RouteObject } from 'react-router';
import { FilesRoute } from './FilesRoute';
import { RootRedirect } from './RootRedirect';

/** Id of the file list route (product §2: the route named filelist). */
export const FILELIST_ROUTE_ID = 'filelist';

/** The app's routes below the base path (product §2). */
export const filesRoutes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { id: FILELIST_ROUTE_ID, path: '/:view/:fileid?', element: <FilesRoute /> },
  { path: '*', element: <RootRedirect /> },
];
