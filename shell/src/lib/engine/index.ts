/**
 * The shell's engine: the upload engine and its rules, the ordering of the
 * file list, the list's state rules (selection, batch results, conflicts,
 * limits, layout) and the validation rules of renames, moves, copies, drops
 * and uploads. Shell-internal: no plugin imports it, so changing it is not a
 * change of the plugin contract (`@cumulus/sdk`). It imports only the SDK and
 * itself; no React, no store.
 */
export * from './upload';
export * from './sorting';
export * from './state';
export * from './validation';
