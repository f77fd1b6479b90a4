import { useEffect, useRef, useState } from 'react';
import { DRAG_NOTICE_MS, cannotUploadLabel } from '../../lib/engine';
import { useAppDispatch, useAppSelector, useAppStore } from '../../model/store/hooks';
import { useT } from '../../ui/ServicesContext';
import { injectDragStyles } from './styles';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { isDropClaimed, takeDroppedEntries } from '../../operations/uploads/dataTransferFiles';
import { uploadDropped } from '../../operations/uploads/uploadDropped';

injectDragStyles();

/** Whether a drag carries files from outside the page (the desktop), not rows of the list. */
export function carriesFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && Array.from(transfer.types ?? []).includes('Files');
}

/**
 * The drop notice (product §2 "Dragging files over the content shows a drop
 * notice", §4 "Drag notice"): files dragged from the desktop over the
 * content (the element this component sits in, the screen's main area) show
 * it; it hides 3000 ms (`DRAG_NOTICE_MS`) after the last drag movement, when
 * the drag leaves the content, or on drop. When the folder refuses uploads
 * it says why ('You don’t have permission to upload or create files here'
 * or the quota text). A drop uploads the files and folders into the
 * current folder (`uploadDropped`); a drop on a folder row or a breadcrumb
 * is theirs (`useDropTarget`) and does not reach here.
 */
export function DropNotice() {
  const t = useT();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const folder = useAppSelector(selectCurrentFolder);
  const [shown, setShown] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const content = anchor.current?.parentElement;
    if (!content) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hide = () => {
      clearTimeout(timer);
      setShown(false);
    };
    const isDesktopDrag = (event: DragEvent) => carriesFiles(event.dataTransfer) && store.getState().drag.sources.length === 0;
    const onDragOver = (event: DragEvent) => {
      if (!isDesktopDrag(event)) return;
      // Without this the browser would open the dropped file in place of the app.
      event.preventDefault();
      setShown(true);
      clearTimeout(timer);
      timer = setTimeout(hide, DRAG_NOTICE_MS);
    };
    const onDragLeave = (event: DragEvent) => {
      if (event.relatedTarget instanceof Node && content.contains(event.relatedTarget)) return;
      hide();
    };
    const onDrop = (event: DragEvent) => {
      if (!isDesktopDrag(event)) return;
      event.preventDefault();
      hide();
      // A hurried user may drop before the folder's listing has come back: the route names the
      // folder of the files view, uploadDropped reads it again before uploading anyway, and the
      // engine lists it for its conflicts while the store holds no listing of it.
      const state = store.getState();
      const target = selectCurrentFolder(state) ?? (state.navigation.view === 'files' ? { path: state.navigation.dir } : undefined);
      if (target === undefined || event.dataTransfer === null) return;
      // The entries are taken now: the browser empties the drop's data when the event is over.
      const taken = takeDroppedEntries(event.dataTransfer);
      // A folder row or a breadcrumb under the pointer handles the drop after this listener
      // (React's handlers run at the root): the drop is the current folder's only if none claimed it.
      setTimeout(() => {
        if (!isDropClaimed(event)) void dispatch(uploadDropped({ target, taken }));
      }, 0);
    };
    content.addEventListener('dragover', onDragOver);
    content.addEventListener('dragleave', onDragLeave);
    content.addEventListener('drop', onDrop);
    return () => {
      clearTimeout(timer);
      content.removeEventListener('dragover', onDragOver);
      content.removeEventListener('dragleave', onDragLeave);
      content.removeEventListener('drop', onDrop);
    };
  }, [store, dispatch]);

  const refusal = folder === undefined ? null : cannotUploadLabel(folder, t);
  return (
    <div ref={anchor} className="files-drop-notice-slot" role="status">
      {shown && (
        <p className={`files-drop-notice${refusal === null ? '' : ' files-drop-notice--refused'}`}>{refusal ?? t('Drop your files to upload')}</p>
      )}
    </div>
  );
}
