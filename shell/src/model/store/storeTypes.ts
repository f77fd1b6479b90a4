import type { EnhancedStore, ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { ShellServices } from '../../services/types';
import type { rootReducer } from './rootReducer';

/**
 * The store's types, apart from the store's construction (app/store.ts), so
 * that the state's slices, selectors, listeners and thunks name them without
 * importing the composition root that wires every tier's listeners in.
 */

/** The whole state: plain, serialisable data only. */
export type RootState = ReturnType<typeof rootReducer>;

/** The store's dispatch, knowing thunks (whose `extra` is the shell's services). */
export type AppDispatch = ThunkDispatch<RootState, ShellServices, UnknownAction>;

/** The store's type. */
export type AppStore = Omit<EnhancedStore<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };

/** `startListening` typed for this app; features add listeners through it (see `app/listeners.ts`). */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, ShellServices>;
