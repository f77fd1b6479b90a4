import { Navigate, useParams } from 'react-router';
import { FilesScreen } from '../layout/FilesScreen';
import { isFileIdSegment } from './filesLocation';
import { RouteSync } from './RouteSync';

/** The route named filelist (`/:view/:fileid?`); a fileid that is not digits does not match it. */
export function FilesRoute() {
  const { view, fileid } = useParams();
  if (fileid !== undefined && !isFileIdSegment(fileid)) return <Navigate to={`/${encodeURIComponent(view ?? 'files')}`} replace />;
  return (
    <>
      <RouteSync />
      <FilesScreen />
    </>
  );
}
