import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { ShellServices } from '../services/types';
import { connectEventBus } from '../model/base/busEvents';
import { addAppListeners } from './listeners';
import { rootReducer } from '../model/store/rootReducer';
import type { AppStartListening, AppStore, RootState } from '../model/store/storeTypes';

export type { AppDispatch, AppStartListening, AppStore, RootState } from '../model/store/storeTypes';

/**
 * Creates the store. Thunks and listeners receive `services` as their `extra`
 * argument, so side effects stay out of components and reducers and tests
 * swap in fakes. One listener middleware per store keeps tests independent.
 */
export function createAppStore(services: ShellServices, preloadedState?: Partial<RootState>): AppStore {
  const listenerMiddleware = createListenerMiddleware({ extra: services });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        // Folders of 100,000 nodes: the dev-only deep checks would dominate every action.
        serializableCheck: { warnAfter: 200 },
        immutableCheck: { warnAfter: 200 },
      }).prepend(listenerMiddleware.middleware),
  });
  addAppListeners(listenerMiddleware.startListening as AppStartListening);
  // Node and config events from anyone (the shell, plugins) reach the listeners as actions.
  connectEventBus(services.host.events, store.dispatch);
  return store;
}

