import type { AppDispatch } from '../../model/store/storeTypes';

/**
 * A file action's `exec` only receives (node, view, dir), yet the built-in
 * actions must reach the store (sidebar, node status, selection). The
 * runners (`runFileAction`, `runBatchAction`) bind the store's dispatch to
 * the services object the core plugin was created with, so the actions can
 * find it again. Keyed weakly by that object: each app (and each test) has
 * its own services, so stores never mix.
 */
const dispatchers = new WeakMap<object, AppDispatch>();

/** Binds `dispatch` to `services` (the object the core plugin received). */
export function bindActionDispatch(services: object, dispatch: AppDispatch): void {
  dispatchers.set(services, dispatch);
}

/** The dispatch bound to `services`; throws when no runner bound one yet. */
export function actionDispatchOf(services: object): AppDispatch {
  const dispatch = dispatchers.get(services);
  if (dispatch === undefined) throw new Error('The file action ran outside the shell: no store is bound to its services');
  return dispatch;
}
