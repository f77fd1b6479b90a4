/**
 * `@cumulus/sdk`: the typed contract between the Cumulus Files shell and its
 * plugins. No React, no store: plain types, registries and rules.
 */
export * from './node';
export * from './format';
export * from './registry';
export * from './entries';
export * from './plugin';
export * from './events';
export * from './dav';
export * from './dialogs';
