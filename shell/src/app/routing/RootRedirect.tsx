import { Navigate, useLocation } from 'react-router';
import { rootRedirectTarget } from './legacyLink';

/** The root route and unknown paths: on to the filelist route, the query values kept (product §2, see `rootRedirectTarget`). */
export function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={rootRedirectTarget(search)} replace />;
}
