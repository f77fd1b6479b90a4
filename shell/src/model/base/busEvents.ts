import { createAction } from '@reduxjs/toolkit';
import type { EventBus, Node } from '@cumulus/sdk';

/**
 * The event bus's node and config events as store actions, so listeners
 * react to them whoever emitted them (the shell's own thunks or a plugin).
 * Payloads are plain data (nodes are plain objects).
 */
export const busNodeCreated = createAction<{ node: Node }>('bus/nodeCreated');
/** 'files:node:updated' as a store action. */
export const busNodeUpdated = createAction<{ node: Node }>('bus/nodeUpdated');
/** 'files:node:deleted' as a store action. */
export const busNodeDeleted = createAction<{ node: Node }>('bus/nodeDeleted');
/** 'files:config:updated' as a store action. */
export const busConfigUpdated = createAction<{ key: string; value: unknown }>('bus/configUpdated');

/**
 * Forwards the bus events the store reacts to as actions (product §4 "Refetch",
 * "Deleted node"). Returns the function that stops forwarding.
 */
export function connectEventBus(events: EventBus, dispatch: (action: { type: string }) => unknown): () => void {
  const stops = [
    events.on('files:node:created', ({ node }) => dispatch(busNodeCreated({ node }))),
    events.on('files:node:updated', ({ node }) => dispatch(busNodeUpdated({ node }))),
    events.on('files:node:deleted', ({ node }) => dispatch(busNodeDeleted({ node }))),
    events.on('files:config:updated', ({ key, value }) => dispatch(busConfigUpdated({ key, value }))),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
