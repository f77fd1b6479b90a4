import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ShellServices } from '../../services/types';
import type { AppDispatch, RootState } from '../store/storeTypes';

/** `createAsyncThunk` typed for this app: `extra` is the shell's services. */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ShellServices;
}>();
