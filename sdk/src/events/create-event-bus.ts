import type { Unregister } from '../registry/types';
import { callListener } from './call-listener';
import type { FilesEvents } from './files-events';
import type { EventBus, EventBusOptions, BusListener, EventMap } from './types';

/**
 * Creates a typed event bus. Listeners run in subscription order, each
 * subscription separately (the same function subscribed twice runs twice);
 * the listeners of an event are fixed when it is emitted, so subscribing or
 * unsubscribing inside a listener affects the next event only. A listener
 * that throws, or an async listener whose promise rejects, goes to `onError`
 * (default `console.error`) and the others still run; `emit` never waits for
 * an async listener.
 */
export function createEventBus<E extends EventMap = FilesEvents>(options: EventBusOptions = {}): EventBus<E> {
  const report = options.onError ?? ((error: unknown, name: string) => console.error(`[events] a listener of ${name} failed`, error));
  const listeners = new Map<keyof E, { listener: (payload: never) => void }[]>();

  const on = <K extends keyof E>(name: K, listener: BusListener<E, K>): Unregister => {
    const subscription = { listener: listener as (payload: never) => void };
    const list = listeners.get(name) ?? [];
    listeners.set(name, [...list, subscription]);
    return () => {
      const current = listeners.get(name);
      if (!current) return;
      const rest = current.filter((other) => other !== subscription);
      if (rest.length === 0) listeners.delete(name);
      else listeners.set(name, rest);
    };
  };

  return {
    on,
    once(name, listener) {
      const off = on(name, (payload) => {
        off();
        // Returned so an async listener's rejection still reaches onError.
        return listener(payload);
      });
      return off;
    },
    emit(name, payload) {
      // The list is replaced, never mutated, so this loop sees a fixed set.
      for (const { listener } of listeners.get(name) ?? []) {
        callListener(listener as BusListener<E, typeof name>, [payload], (error) => report(error, String(name)));
      }
    },
  };
}
