import { callListener } from '../events/call-listener';
import type { Node } from '../node/types';
import type { FileListFilter, FileListFilterEventMap, FileListFilterEventType, FileListFilterListener, FilterChip } from './file-list-filter';
import { FILE_LIST_FILTER_DEFAULT_ORDER } from './file-list-filter';

/** A file-list filter made by `createFileListFilter`, with the calls that notify the list. */
export interface FileListFilterBase extends FileListFilter {
  /** The filter's order. */
  order: number;
  /** Replaces the chips and sends 'update:chips' with them. */
  updateChips(chips: readonly FilterChip[]): void;
  /** Sends 'update:filter', telling the list to filter again. */
  filterUpdated(): void;
}

/**
 * Makes the notifying side of a file-list filter: `chips`, `updateChips`,
 * `filterUpdated` and the listener methods. Its `filter` lets every node
 * through; give it the real one, keeping the object itself (the chips are
 * read live from it):
 *
 * ```ts
 * const filter = Object.assign(createFileListFilter('type'), {
 *   filter: (nodes: Node[]) => nodes.filter(matches),
 *   reset: () => { selected.clear(); filter.updateChips([]); filter.filterUpdated() },
 * })
 * ctx.fileListFilters.register(filter)
 * ```
 *
 * It needs no DOM `EventTarget`, so it works the same in every environment.
 * A listener that throws, or whose promise rejects, is logged and does not
 * stop the others.
 *
 * @param id the filter's id
 * @param order its position among filters (default 100)
 */
export function createFileListFilter(id: string, order: number = FILE_LIST_FILTER_DEFAULT_ORDER): FileListFilterBase {
  let chips: readonly FilterChip[] = Object.freeze([]);
  const listeners: { [K in FileListFilterEventType]: FileListFilterListener<K>[] } = {
    'update:chips': [],
    'update:filter': [],
  };

  const dispatch = <K extends FileListFilterEventType>(event: FileListFilterEventMap[K] & { type: K }): void => {
    // Copy first: a listener that removes itself must not make the next one skip.
    for (const listener of [...(listeners[event.type] as FileListFilterListener<K>[])]) {
      callListener(listener, [event], (error) => console.error(`[file list filter ${id}] listener of ${event.type} failed`, error));
    }
  };

  return {
    id,
    order,
    filter: (nodes: Node[]) => nodes,
    get chips() {
      return chips;
    },
    updateChips(next) {
      chips = Object.freeze([...next]);
      dispatch<'update:chips'>({ type: 'update:chips', detail: chips });
    },
    filterUpdated() {
      dispatch<'update:filter'>({ type: 'update:filter', detail: undefined });
    },
    addEventListener(type, listener) {
      const list = listeners[type] as FileListFilterListener<typeof type>[];
      // Like EventTarget: adding the same listener twice keeps one.
      if (!list.includes(listener)) list.push(listener);
    },
    removeEventListener(type, listener) {
      const list = listeners[type] as FileListFilterListener<typeof type>[];
      const index = list.indexOf(listener);
      if (index >= 0) list.splice(index, 1);
    },
  };
}
