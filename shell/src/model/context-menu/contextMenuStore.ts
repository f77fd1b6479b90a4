import type { MouseEvent } from 'react';
import { createExternalStore, useExternalStore } from '../../ui/externalStore';

/** An open context menu: where, and on which nodes. */
export interface ContextMenuRequest {
  x: number;
  y: number;
  /** The nodes the menu acts on: one row, or the selection (a batch menu). */
  sources: string[];
}

const menu = createExternalStore<ContextMenuRequest | null>(null);
/** What had the focus when the menu opened (the row, or a control in it): the keyboard's way back. */
let opener: HTMLElement | null = null;

/** Opens the context menu at a viewport point for `sources`. */
export function openContextMenu(request: ContextMenuRequest): void {
  // A menu replacing an open one keeps the first opener: the focus is on the old menu's item by now.
  if (menu.get() === null) opener = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  menu.set(request);
}

/**
 * Closes the context menu. `restoreFocus` (closed by the keyboard: Escape,
 * or an item chosen) gives the focus back to where the menu was opened from,
 * as the WAI-ARIA menu pattern asks; otherwise it would fall to the page and
 * a keyboard user would lose their place in the list.
 */
export function closeContextMenu(restoreFocus = false): void {
  if (menu.get() === null) return;
  const back = opener;
  opener = null;
  menu.set(null);
  if (restoreFocus && back?.isConnected === true) back.focus();
}

/** The open context menu, or null. */
export function getContextMenu(): ContextMenuRequest | null {
  return menu.get();
}

/** The open context menu, re-rendering when it changes. */
export function useContextMenu(): ContextMenuRequest | null {
  return useExternalStore(menu, (current) => current, null);
}

/**
 * The right click of a row (product §2 "Rows"): opens the context menu at the
 * pointer instead of the browser's, on the row's node, or on the whole
 * selection when several nodes are selected and the row is one of them
 * (the global batch menu).
 */
export function openRowContextMenu(event: MouseEvent, source: string, selected: readonly string[]): void {
  event.preventDefault();
  event.stopPropagation();
  const sources = selected.length > 1 && selected.includes(source) ? [...selected] : [source];
  openContextMenu({ x: event.clientX, y: event.clientY, sources });
}
