/** Pure state rules of the file list: selection, batch results, conflicts, limits and layout. */
export * from './batch-result';
export * from './select-range';
export * from './conflict';
export * from './limits';
export * from './layout';
