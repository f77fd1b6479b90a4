import { useMemo } from 'react';
import type { Column, Registered, View } from '@cumulus/sdk';
import { useServices } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';

/**
 * The custom columns of the list: those in the columns registry, then the
 * current view's own `columns` (product §3), without repeating an id.
 */
export function useListColumns(view: View | undefined): readonly Registered<Column>[] {
  const registered = useRegistry(useServices().host.registries.columns);
  return useMemo(() => {
    const own = (view?.columns ?? []).map((column) => ({ ...column, pluginId: (view as Registered<View> | undefined)?.pluginId ?? 'core' }));
    const ids = new Set(registered.map((column) => column.id));
    return [...registered, ...own.filter((column) => !ids.has(column.id))];
  }, [registered, view]);
}
