import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { routeChanged } from '../../model/navigation/navigationSlice';
import { useAppDispatch, useAppStore } from '../../model/store/hooks';
import { readFilesLocation } from '../../model/navigation/filesLocation';

/**
 * Mirrors the route into the store (route → store). The other direction goes
 * through `navigate` (components: `useFilesNavigate`; thunks: the
 * `navigator` service), so the URL stays the one source of truth.
 */
export function RouteSync() {
  const params = useParams();
  const { search } = useLocation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    const next = readFilesLocation(params, new URLSearchParams(search));
    const current = store.getState().navigation;
    if (current.view === next.view && current.dir === next.dir && current.fileid === next.fileid && current.openfile === next.openfile) return;
    dispatch(routeChanged(next));
  }, [params, search, dispatch, store]);
  return null;
}
