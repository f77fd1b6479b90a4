import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The active row of the list: the one the arrow keys move and Enter, Space
 * and the action hotkeys act on. It lives outside Redux because it is view
 * state of one mounted list, changed on every key press; rows subscribe to
 * "am I active", so a move re-renders two rows, not the list.
 */
export interface ActiveRowStore {
  /** The active node's source, or null. */
  get(): string | null;
  /**
   * Makes `source` active. `focus` asks the row to take the keyboard focus
   * once it is rendered (keyboard moves); a click or focus inside the row
   * only follows it.
   */
  set(source: string | null, focus?: boolean): void;
  /** Whether the active row should take the focus when it renders; reading it consumes the request. */
  takeFocusRequest(source: string): boolean;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Creates the active-row store of one list. */
export function createActiveRowStore(): ActiveRowStore {
  let active: string | null = null;
  let focusRequested = false;
  const listeners = new Set<() => void>();
  return {
    get: () => active,
    set(source, focus = false) {
      focusRequested = focus && source !== null;
      if (source === active) {
        if (focus) listeners.forEach((listener) => listener());
        return;
      }
      active = source;
      listeners.forEach((listener) => listener());
    },
    takeFocusRequest(source) {
      if (!focusRequested || source !== active) return false;
      focusRequested = false;
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The list's active-row store; rows outside a list get a store of their own that nothing moves. */
export const ActiveRowContext = createContext<ActiveRowStore>(createActiveRowStore());

/** The DOM id of a node's row, for `aria-activedescendant` and tests. */
export function rowDomId(source: string): string {
  // Sources are URLs: keep the id a plain token.
  return `files-row-${encodeURIComponent(source).replace(/%/g, '_')}`;
}

/** Whether the row of `source` is the active one; re-renders only when that changes. */
export function useIsActiveRow(source: string): boolean {
  const store = useContext(ActiveRowContext);
  return useSyncExternalStore(store.subscribe, () => store.get() === source);
}
