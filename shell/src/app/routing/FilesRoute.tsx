import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { FilesScreen } from '../layout/FilesScreen';
import { isFileIdSegment } from '../../model/navigation/filesLocation';
import { RouteSync } from './RouteSync';

/** The route named filelist (`/:view/:fileid?`); a fileid that is not digits does not match it. `screen` replaces the Files screen (a public link's). */
export function FilesRoute({ screen = <FilesScreen /> }: { screen?: ReactNode }) {
  const { view, fileid } = useParams();
  const { search } = useLocation();
  // Only the bad segment goes: the folder and openfile of the query stay.
  if (fileid !== undefined && !isFileIdSegment(fileid)) return <Navigate to={`/${encodeURIComponent(view ?? 'files')}${search}`} replace />;
  return (
    <>
      <RouteSync />
      {screen}
    </>
  );
}
