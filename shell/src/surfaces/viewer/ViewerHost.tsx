import { Suspense, lazy } from 'react';
import { useAppSelector } from '../../model/store/hooks';
import { selectFileId, selectOpenFile } from '../../model/navigation/selectors';
import { useRegistry } from '../../plugin-host/useRegistry';
import { useServices } from '../../ui/ServicesContext';

// The frame is a chunk of its own, fetched when a file is first opened: the page's first scripts carry only this host.
const ViewerFrame = lazy(() => import(/* webpackChunkName: "viewer-frame" */ './ViewerFrame'));

/**
 * The viewer (SDK `viewers`): shown while the route asks to open a file
 * (`openfile=true` with a file id, product §2) and a viewer is registered.
 * Which file, and whether a viewer opens its type, the frame decides.
 */
export function ViewerHost() {
  const open = useAppSelector(selectOpenFile);
  const fileid = useAppSelector(selectFileId);
  const viewers = useRegistry(useServices().host.registries.viewers);
  if (!open || fileid === null || viewers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ViewerFrame fileid={fileid} viewers={viewers} />
    </Suspense>
  );
}
