import { addListener } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../store/hooks';
import type { AppDispatch, RootState } from '../store/storeTypes';

/** The reason a command's signal aborts with when the user left its folder or view. */
export function folderLeftReason(): DOMException {
  return new DOMException('The folder or view the command ran in was left', 'AbortError');
}

/** Where the user is: the view and the folder on screen. */
const placeOf = (state: RootState): string => `${state.navigation.view ?? ''}\n${state.navigation.dir}`;

const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/**
 * The signal of a command (a file action's `exec`, a New-menu entry's `handler`) started in
 * a thunk: it aborts when the user leaves the folder or view it was started in. Call `done`
 * when the command settled, so the store stops watching.
 */
export function untilFolderLeft(dispatch: AppDispatch, state: RootState): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const place = placeOf(state);
  const unsubscribe: unknown = dispatch(
    addAppListener({
      predicate: (_action, current) => placeOf(current) !== place,
      effect: (_action, api) => {
        controller.abort(folderLeftReason());
        api.unsubscribe();
      },
    }),
  );
  // A store without the listener middleware (a test's) hands the action back: nothing to stop.
  return { signal: controller.signal, done: () => (typeof unsubscribe === 'function' ? (unsubscribe as () => void)() : undefined) };
}

/**
 * For a component that starts commands on a click: `next()` gives the signal of one command,
 * aborted when the user leaves the folder or view on screen, or the component goes.
 */
export function useLeaveSignal(): { next(): AbortSignal } {
  const place = useAppSelector(placeOf);
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort(folderLeftReason());
      running.clear();
    };
  }, [place]);
  return useRef({
    next: (): AbortSignal => {
      const controller = new AbortController();
      controllers.current.add(controller);
      return controller.signal;
    },
  }).current;
}
