/**
 * Test helper: jsdom has no DragEvent, so testing-library would fire drag
 * events as plain Events without the mouse fields (button, ctrlKey, clientY,
 * relatedTarget) that the drag code reads. A MouseEvent subclass carries
 * them as a browser's DragEvent does; tests pass `dataTransfer` themselves.
 */
export function installDragEvent(): void {
  if (!('DragEvent' in window)) Object.assign(window, { DragEvent: class DragEvent extends MouseEvent {} });
}
