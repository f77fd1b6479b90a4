/** The plugin contract: definitions, the scoped context and activation. */
export * from './types';
export * from './plugin-error';
export * from './define-plugin';
export { activatePlugin } from './activate-plugin';
export type { ActivatePluginOptions } from './activate-plugin';
export * from './plugin-scope';
export * from './translations';
