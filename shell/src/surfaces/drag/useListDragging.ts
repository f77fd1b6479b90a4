import { useEffect } from 'react';
import { autoScrollStep } from '../../lib/engine';
import { useAppDispatch, useAppStore } from '../../model/store/hooks';
import { draggingEnded } from '../../model/drag/dragSlice';

/**
 * The list's part of dragging rows: while something is dragged over the
 * scroll container, it scrolls by `autoScrollStep` (product §9: 25 px steps
 * within 100 px of the top or 50 px of the bottom; browsers repeat dragover
 * while the pointer rests, so resting near an edge keeps scrolling). The
 * drag state is cleared when any drag ends or drops anywhere: the row that
 * started it may have left the virtual list by then, so its own dragend
 * would never arrive.
 */
export function useListDragging(scroller: HTMLElement | null): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();

  useEffect(() => {
    if (scroller === null) return;
    const onDragOver = (event: DragEvent) => {
      const rect = scroller.getBoundingClientRect();
      const step = autoScrollStep(event.clientY, rect.top, rect.bottom);
      if (step !== 0) scroller.scrollBy?.({ top: step });
    };
    scroller.addEventListener('dragover', onDragOver);
    return () => scroller.removeEventListener('dragover', onDragOver);
  }, [scroller]);

  useEffect(() => {
    const end = () => {
      if (store.getState().drag.sources.length > 0) dispatch(draggingEnded());
    };
    // After the drop handlers: the drop reads the dragged sources first.
    const endLater = () => setTimeout(end, 0);
    document.addEventListener('dragend', endLater);
    document.addEventListener('drop', endLater);
    return () => {
      document.removeEventListener('dragend', endLater);
      document.removeEventListener('drop', endLater);
    };
  }, [dispatch, store]);
}
