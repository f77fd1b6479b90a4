import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { DEFAULT_VIEW } from './filesLocation';
import { FilesRoute } from './FilesRoute';

/** Id of the file list route (spec §2: the route named filelist). */
export const FILELIST_ROUTE_ID = 'filelist';

/** The app's routes below the base path (spec §2). */
export const filesRoutes: RouteObject[] = [
  { path: '/', element: <Navigate to={`/${DEFAULT_VIEW}`} replace /> },
  { id: FILELIST_ROUTE_ID, path: '/:view/:fileid?', element: <FilesRoute /> },
  { path: '*', element: <Navigate to={`/${DEFAULT_VIEW}`} replace /> },
];
