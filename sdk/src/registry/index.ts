/** One registry shape for every kind of entry, and the app's seven registries. */
export * from './types';
export * from './registry-error';
export { createRegistry, CORE_OWNER } from './create-registry';
export * from './registries';
