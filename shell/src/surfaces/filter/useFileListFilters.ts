import { useEffect, useState } from 'react';
import type { FileListFilter, FileListFilterEventType, Registered } from '@cumulus/sdk';
import { useServices } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';

/**
 * The registered file-list filters (product §3, ordered by `order`, default
 * 100), and a counter that changes whenever one of them sends `event`
 * ('update:filter': the list must filter again; 'update:chips': the chips
 * changed), so memoised results that depend on it are recomputed.
 */
export function useFileListFilters(event: FileListFilterEventType): { filters: readonly Registered<FileListFilter>[]; version: number } {
  const filters = useRegistry(useServices().host.registries.fileListFilters);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((value) => value + 1);
    for (const filter of filters) filter.addEventListener(event, bump);
    return () => {
      for (const filter of filters) filter.removeEventListener(event, bump);
    };
  }, [filters, event]);
  return { filters, version };
}

/**
 * `nodes` through every filter in order; a filter that throws is logged and
 * skipped (a plugin must not empty the list), and handed to `onThrow` (the
 * shell reports the plugin and takes it back).
 */
export function applyFileListFilters<T>(
  filters: readonly Registered<FileListFilter>[],
  nodes: T[],
  run: (filter: FileListFilter, nodes: T[]) => T[],
  onThrow?: (filter: Registered<FileListFilter>, error: unknown) => void,
): T[] {
  let result = nodes;
  for (const filter of filters) {
    try {
      result = run(filter, result);
    } catch (error) {
      console.error(`File list filter "${filter.id}" of plugin "${filter.pluginId}" failed`, error);
      onThrow?.(filter, error);
    }
  }
  return result;
}
