import { useEffect } from 'react';
import { STATS_REFRESH_MS } from '../../lib/engine';
import type { FilesEventName } from '@cumulus/sdk';
import { useAppDispatch } from '../../model/store/hooks';
import { useServices } from '../../ui/ServicesContext';
import { storageStatsRefreshRequested } from '../../model/quota/quotaSlice';

/** Node events that change how much storage is used. */
const USAGE_EVENTS: readonly FilesEventName[] = ['files:node:created', 'files:node:deleted', 'files:node:updated', 'files:node:moved'];

/**
 * Keeps the storage stats fresh while the quota is shown: once at once,
 * every 60 s (product §9), and after node events from the shell or plugins
 * (uploads, deletes). The listeners throttle these requests to one a second.
 */
export function useStorageStatsRefresh(): void {
  const dispatch = useAppDispatch();
  const { host } = useServices();
  useEffect(() => {
    const refresh = () => void dispatch(storageStatsRefreshRequested({ userTriggered: false }));
    refresh();
    const interval = setInterval(refresh, STATS_REFRESH_MS);
    const unsubscribes = USAGE_EVENTS.map((name) => host.events.on(name, refresh));
    return () => {
      clearInterval(interval);
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [dispatch, host]);
}
