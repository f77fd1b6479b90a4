import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './storeTypes';

/** `useDispatch` knowing thunks. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** `useSelector` knowing the state. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** `useStore` knowing the store. */
export const useAppStore = useStore.withTypes<AppStore>();
