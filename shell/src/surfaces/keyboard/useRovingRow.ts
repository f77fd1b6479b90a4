import { useCallback, useContext, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { ActiveRowContext, rowDomId, useIsActiveRow } from './activeRow';

/** What a row spreads on its element to take part in the list's roving focus. */
export interface RovingRowProps {
  id: string;
  ref: RefObject<HTMLDivElement | null>;
  tabIndex: number;
  onFocus(): void;
}

/**
 * Roving focus for one row of the virtual list: the active row is the one
 * tab stop (tabIndex 0, the others -1), takes the focus when a key moved to
 * it (also when it only renders after the list scrolled to it), and any
 * focus inside a row makes that row active, so arrows continue from where
 * the user clicked or tabbed.
 */
export function useRovingRow(source: string): { active: boolean; props: RovingRowProps } {
  const store = useContext(ActiveRowContext);
  const active = useIsActiveRow(source);
  const ref = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const focusIfAsked = () => {
      if (store.takeFocusRequest(source)) ref.current?.focus({ preventScroll: true });
    };
    focusIfAsked();
    return store.subscribe(focusIfAsked);
  }, [store, source]);

  const onFocus = useCallback(() => {
    if (store.get() !== source) store.set(source);
  }, [store, source]);

  return { active, props: { id: rowDomId(source), ref, tabIndex: active ? 0 : -1, onFocus } };
}
