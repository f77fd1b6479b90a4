import { useCallback } from 'react';
import { useAppDispatch } from '../../model/store/hooks';
import { runFileAction } from './runFileAction';
import { runBatchAction } from './runBatchAction';

/**
 * Runs a file action on nodes: one node through `runFileAction` (its
 * toasts), several through `runBatchAction` (the batch rules and toasts).
 */
export function useRunAction(): (actionId: string, sources: string[]) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (actionId: string, sources: string[]) => {
      if (sources.length === 1) void dispatch(runFileAction({ actionId, source: sources[0] as string }));
      else if (sources.length > 1) void dispatch(runBatchAction({ actionId, sources }));
    },
    [dispatch],
  );
}
