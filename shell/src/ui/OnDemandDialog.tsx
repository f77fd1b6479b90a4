import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { OnDemand } from './OnDemand';
import { useT } from './ServicesContext';
import type { DialogRequest, Opened } from './dialogRequest';
import { useHeldFocus } from './useHeldFocus';

/** The mount point of an on-demand dialog, and a way to fetch its code before it is asked for. */
export type OnDemandDialogComponent = ComponentType & {
  /**
   * Fetches the dialog's code now (when the menu that leads to it opens), so the dialog
   * shows at once when asked for. A failed fetch is logged and tried again on the next ask.
   */
  preload(): Promise<void>;
};

/** The dialog's code: fetched once, shared by every mount point, tried again after a failure. */
function codeOf<Props>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => loaded,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load(): Promise<ComponentType<Props>> {
      loading ??= load().then(
        (component) => {
          loaded = component;
          for (const listener of listeners) listener();
          return component;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * Stands where a dialog will be while its code arrives: a modal backdrop with a 'Loading'
 * indicator that holds the keyboard focus, so a fast typist's Tab or keys do not wander into
 * the page behind (Tab stays, Escape cancels). When it goes, the focus goes back where it
 * was, and the dialog, mounting, takes it from there (and gives it back there on close).
 */
function DialogLoading({ onCancel }: { onCancel(): void }) {
  const t = useT();
  const holder = useRef<HTMLSpanElement>(null);
  useHeldFocus(holder);
  return (
    <div className="files-modal__backdrop files-modal__backdrop--loading">
      <span
        ref={holder}
        tabIndex={-1}
        className="files-spinner files-spinner--large"
        role="progressbar"
        aria-label={t('Loading')}
        onKeyDown={(event) => {
          // The page's shortcuts and focus order are not the dialog's.
          event.stopPropagation();
          if (event.key === 'Tab') event.preventDefault();
          else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
    </div>
  );
}

/**
 * The mount point of an awaited dialog (see `createDialogRequest`): nothing while no request
 * is open; the dialog, its code fetched with the first request (or earlier, by `preload`),
 * while one is. Until the code arrives a loading stand-in holds the focus. A dialog whose
 * code cannot be fetched, or whose mount point goes away while it is open, cancels the
 * request, so the operation waiting for the answer never waits for ever.
 */
export function createOnDemandDialog<Request extends object, Answer>(
  dialog: DialogRequest<Request, Answer>,
  load: () => Promise<ComponentType<{ request: Opened<Request> }>>,
): OnDemandDialogComponent {
  const code = codeOf(load);
  const fetchCode = () =>
    code.load().catch((error: unknown) => {
      console.error('Could not load part of the Files screen', error);
      return undefined;
    });
  function OnDemandDialog() {
    const request = dialog.useCurrent();
    const Dialog = useSyncExternalStore(code.subscribe, code.current, code.current);
    const waiting = request !== null && Dialog === undefined;
    useEffect(() => () => dialog.cancel(), []);
    useEffect(() => {
      if (!waiting) return;
      void fetchCode().then((component) => {
        if (component === undefined) dialog.cancel();
      });
    }, [waiting]);
    if (request === null) return null;
    if (Dialog === undefined) return <DialogLoading onCancel={() => dialog.cancel()} />;
    return (
      <OnDemand key={request.id} onFailure={dialog.cancel}>
        <Dialog request={request} />
      </OnDemand>
    );
  }
  return Object.assign(OnDemandDialog, { preload: () => fetchCode().then(() => undefined) });
}
