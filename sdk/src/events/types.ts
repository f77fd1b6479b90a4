import type { Unregister } from '../registry/types';
import type { FilesEvents } from './files-events';

/** An event map: an interface from event names to payload types, like `FilesEvents`. */
export type EventMap = object;

/** A listener of event `K`. */
export type BusListener<E extends EventMap, K extends keyof E> = (payload: E[K]) => void;

/** What a plugin may do with the bus: listen (taken back on deactivation) and emit. */
export interface ScopedEvents<E extends EventMap = FilesEvents> {
  /** Calls `listener` on every `name` event until unsubscribed. @returns the unsubscribe function. */
  on<K extends keyof E>(name: K, listener: BusListener<E, K>): Unregister;
  /** Calls `listener` on the next `name` event only. @returns the unsubscribe function. */
  once<K extends keyof E>(name: K, listener: BusListener<E, K>): Unregister;
  /** Calls every listener of `name`, in subscription order, with `payload`. */
  emit<K extends keyof E>(name: K, payload: E[K]): void;
}

/**
 * The typed event bus of the app. A listener that throws, or an async
 * listener whose promise rejects, is reported and does not stop the others.
 */
export type EventBus<E extends EventMap = FilesEvents> = ScopedEvents<E>;

/** Options of `createEventBus`. */
export interface EventBusOptions {
  /** Receives a listener's error (a throw or an async listener's rejection) and the event's name; default `console.error`. */
  onError?(error: unknown, name: string): void;
}
