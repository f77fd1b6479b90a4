import { useEffect } from 'react';
import type { ComponentType } from 'react';
import { OnDemand, lazyComponent } from './OnDemand';
import type { DialogRequest, Opened } from './dialogRequest';

/**
 * The mount point of an awaited dialog (see `createDialogRequest`): nothing while no request
 * is open; the dialog, its code fetched with the first request, while one is. A dialog whose
 * code cannot be fetched, or whose mount point goes away while it is open, cancels the
 * request, so the operation waiting for the answer never waits for ever.
 */
export function createOnDemandDialog<Request extends object, Answer>(
  dialog: DialogRequest<Request, Answer>,
  load: () => Promise<ComponentType<{ request: Opened<Request> }>>,
): ComponentType {
  const Dialog = lazyComponent(load);
  return function OnDemandDialog() {
    const request = dialog.useCurrent();
    useEffect(() => () => dialog.cancel(), []);
    return request === null ? null : (
      <OnDemand key={request.id} onFailure={dialog.cancel}>
        <Dialog request={request} />
      </OnDemand>
    );
  };
}
