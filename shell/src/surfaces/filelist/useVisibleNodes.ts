import { useMemo } from 'react';
import { nodeComparator, sortNodes } from '../../lib/engine';
import type { Column, Node, Registered, View } from '@cumulus/sdk';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../model/store/hooks';
import { useLanguage, useServices } from '../../ui/ServicesContext';
import { reportEntryFailure } from '../../plugin-host/reportEntryFailure';
import { selectUserConfig, selectViewSorting } from '../../model/config/selectors';
import { selectCurrentContents, selectCurrentFolderSource } from '../../model/folder/selectors';
import { applyFileListFilters, useFileListFilters } from '../filter/useFileListFilters';
import { contentsChange } from '../../model/nodes/folderContents';
import { changeLimit, listingDiff, updateOrder } from './incrementalOrder';
import { lastOrder, rememberOrder, rememberedOrder, sameOptions } from './shownOrders';

/** Whether a node is hidden (a dot file), shown only with user config show_hidden. */
export function isHiddenNode(node: Node): boolean {
  return node.basename.startsWith('.') || node.attributes['hidden'] === true || node.attributes['hidden'] === 'true';
}

/** Whether a node matches the filename filter: case-insensitive, on the name people see. */
export function matchesFilenameFilter(node: Node, query: string): boolean {
  if (query === '') return true;
  return (node.displayname || node.basename).toLocaleLowerCase().includes(query.toLocaleLowerCase());
}

/**
 * The nodes the list shows, in order: the current folder's children without
 * hidden ones (unless show_hidden), matching the filename filter, sorted by
 * the view's sorting with favorites and folders first per the user config
 * (the engine's `sortNodes`, names compared in the interface language), custom
 * columns sorting by their own `sort`. The registered file-list filters
 * (plugins') then narrow it, in their order, again whenever one says its
 * result changed. The orders of the last few folders shown are remembered:
 * going back to a folder whose nodes did not change shows it without sorting
 * 100,000 nodes again. A listing that changed by a few nodes (live changes,
 * an upload) with the same options and no plugin filters keeps the last
 * order, updated by binary search with the engine's `nodeComparator`: a batch
 * costs what it changes, not a sort of the whole folder (what changed is told by
 * `folderContents` after live changes, else found by one walk over both listings).
 */
export function useVisibleNodes(view: View | undefined, columns: readonly Registered<Column>[]): Node[] {
  const contents = useAppSelector(selectCurrentContents);
  const folder = useAppSelector(selectCurrentFolderSource);
  const config = useAppSelector(selectUserConfig);
  const query = useAppSelector((state) => state.filter.filename);
  const sorting = useAppSelector((state) => (view ? selectViewSorting(state, view.id, view.defaultSortKey) : undefined), shallowEqual);
  const sortingMode = sorting?.sortingMode;
  const sortingOrder = sorting?.sortingOrder;
  const { filters, version } = useFileListFilters('update:filter');
  const language = useLanguage();
  const { host } = useServices();
  // A view whose default order is its point (Recent: newest first) keeps it: favorites and
  // folders come first only when the user sorts it by another column.
  const ungrouped = view?.keepsDefaultOrder === true && sortingMode === (view.defaultSortKey ?? 'basename');
  const sortFavoritesFirst = config.sort_favorites_first && !ungrouped;
  const sortFoldersFirst = config.sort_folders_first && !ungrouped;
  return useMemo(() => {
    const options = { folder, show_hidden: config.show_hidden, sortingMode, sortingOrder, sortFavoritesFirst, sortFoldersFirst, query, columns, filters, version, language };
    const remembered = rememberedOrder(options, contents);
    if (remembered !== undefined) return remembered.shown;
    const shows = (node: Node): boolean => (config.show_hidden || !isHiddenNode(node)) && matchesFilenameFilter(node, query);
    const sortOptions = { sortingMode, sortingOrder, sortFavoritesFirst, sortFoldersFirst, columns, locale: language };
    const last = lastOrder();
    if (filters.length === 0 && last !== undefined && sameOptions(last.options, options)) {
      const compare = nodeComparator(sortOptions);
      const change = compare === undefined ? undefined : (knownChange(last.contents, contents) ?? listingDiff(last.contents, contents));
      const updated = change === undefined || compare === undefined ? undefined : updateOrder(last.shown, change, shows, compare);
      if (updated !== undefined) {
        last.contents = contents;
        last.shown = updated;
        return updated;
      }
    }
    const unfiltered = contents.filter(shows);
    const shown =
      filters.length === 0
        ? unfiltered
        : applyFileListFilters(
            filters,
            unfiltered,
            (filter, nodes) => filter.filter(nodes),
            (filter, error) => reportEntryFailure(host, filter.pluginId, 'filter', error),
          );
    const sorted = sortNodes(shown, sortOptions);
    rememberOrder({ contents, options, shown: sorted });
    return sorted;
    // `version` changes when a filter's result changes: the filters themselves keep their identity.
  }, [contents, folder, config.show_hidden, sortFavoritesFirst, sortFoldersFirst, query, sortingMode, sortingOrder, columns, filters, version, language, host]);
}

/**
 * The nodes that left and came from `before` to `after` when live changes made one from the
 * other (no walk over both lists); undefined when unknown or more than an update is worth.
 */
function knownChange(before: readonly Node[], after: readonly Node[]): { left: Set<Node>; came: Set<Node> } | undefined {
  const change = contentsChange(after, before);
  return change === undefined || change.left.size + change.came.size > changeLimit(Math.max(before.length, after.length)) ? undefined : change;
}
