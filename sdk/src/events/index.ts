/** The typed event bus of the app and its per-plugin scope. */
export * from './files-events';
export * from './node-changes';
export * from './types';
export { createEventBus } from './create-event-bus';
export * from './scope-events';
