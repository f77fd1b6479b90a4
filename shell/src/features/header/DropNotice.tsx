import { useEffect, useRef, useState } from 'react';
import { DRAG_NOTICE_MS, cannotUploadLabel } from '@cumulus/sdk';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { useT } from '../../app/ServicesContext';
import { injectDragStyles } from '../drag/styles';
import { selectCurrentFolder } from '../folder/selectors';

injectDragStyles();

/** Whether a drag carries files from outside the page (the desktop), not rows of the list. */
export function carriesFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && Array.from(transfer.types ?? []).includes('Files');
}

/**
 * The drop notice (spec §2 "Dragging files over the content shows a drop
 * notice", §4 "Drag notice"): files dragged from the desktop over the
 * content (the element this component sits in, the screen's main area) show
 * it; it hides 3000 ms (`DRAG_NOTICE_MS`) after the last drag movement, when
 * the drag leaves the content, or on drop. When the folder refuses uploads
 * it says why ('You don’t have permission to upload or create files here'
 * or the quota text). Uploading itself is a later feature: a drop of
 * desktop files is only kept from opening the file in the browser, and
 * logged.
 */
export function DropNotice() {
  const t = useT();
  const store = useAppStore();
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
      console.info('Files dropped from the desktop: uploading is not available yet', Array.from(event.dataTransfer?.files ?? []).map((file) => file.name));
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
  }, [store]);

  const refusal = folder === undefined ? null : cannotUploadLabel(folder, t);
  return (
    <div ref={anchor} className="files-drop-notice-slot" role="status">
      {shown && (
        <p className={`files-drop-notice${refusal === null ? '' : ' files-drop-notice--refused'}`}>{refusal ?? t('Drop your files to upload')}</p>
      )}
    </div>
  );
}
