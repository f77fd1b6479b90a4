import type { Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalFunction, optionalOrder } from './checks';

/** An active-filter chip shown in the filter area (product §2). */
export interface FilterChip {
  /** Chip text. */
  text: string;
  /** Inline SVG icon. */
  icon?: string;
  /** User id whose avatar the chip shows instead of an icon. */
  user?: string;
  /** Removes this part of the filter (the chip's close button). */
  onclick(): void;
}

/** The notifications a file-list filter sends, by name. */
export interface FileListFilterEventMap {
  /** The filter's chips changed; `detail` holds the new chips. */
  'update:chips': { readonly type: 'update:chips'; readonly detail: readonly FilterChip[] };
  /** The filter's result changed; the list must filter again. */
  'update:filter': { readonly type: 'update:filter'; readonly detail: undefined };
}

/** The name of a file-list filter notification. */
export type FileListFilterEventType = keyof FileListFilterEventMap;

/**
 * A listener of a file-list filter notification. The event is shaped like a
 * DOM `CustomEvent` (`type`, `detail`), so filters built on `EventTarget`
 * work as well as those made with `createFileListFilter`.
 */
export type FileListFilterListener<K extends FileListFilterEventType> = (event: FileListFilterEventMap[K]) => void;

/**
 * A filter of the file list (product §3): narrows the shown nodes and shows
 * chips for what it filters by. Default order 100 (product §9).
 */
export interface FileListFilter {
  /** Unique id. */
  id: string;
  /** Position among filters; default 100. */
  order?: number;
  /** Returns the nodes that pass the filter. */
  filter(nodes: Node[]): Node[];
  /** Clears the filter (for example on directory change). */
  reset?(): void;
  /** The chips of the active filter, read live. */
  readonly chips: readonly FilterChip[];
  /** Starts listening to a notification. */
  addEventListener<K extends FileListFilterEventType>(type: K, listener: FileListFilterListener<K>): void;
  /** Stops listening to a notification. */
  removeEventListener<K extends FileListFilterEventType>(type: K, listener: FileListFilterListener<K>): void;
}

/** The default order of a file-list filter (product §9: 'Filter default order 100'). */
export const FILE_LIST_FILTER_DEFAULT_ORDER = 100;

/**
 * Why `entry` is not a valid file-list filter, or null: it needs an id, a
 * filter function, a chips array and the two listener methods.
 */
export function validateFileListFilter(entry: unknown): string | null {
  return firstReason(entry, (filter) => [
    needString(filter, 'id'),
    needFunction(filter, 'filter'),
    Array.isArray(filter['chips']) ? null : 'chips must be an array',
    needFunction(filter, 'addEventListener'),
    needFunction(filter, 'removeEventListener'),
    optionalFunction(filter, 'reset'),
    optionalOrder(filter),
  ]);
}

/** The registry rules of file-list filters: filters have no name, so they sort by order then id. */
export const fileListFilterKind: RegistryKind<FileListFilter> = {
  name: 'file list filter',
  validate: validateFileListFilter,
  duplicateMessage: (id) => `File list filter "${id}" already registered`,
  displayName: (filter) => filter.id,
  defaultOrder: FILE_LIST_FILTER_DEFAULT_ORDER,
};
