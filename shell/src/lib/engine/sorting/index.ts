/** Ordering of the file list: node sorting and column-header clicks. */
export type * from './types';
export * from './sort-nodes';
export * from './next-sort';
