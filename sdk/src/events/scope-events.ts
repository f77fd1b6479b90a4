import type { Unregister } from '../registry/types';
import type { FilesEvents } from './files-events';
import type { EventBus, EventMap, ScopedEvents } from './types';

/** Events handed to one plugin, and the way to take all its subscriptions back. */
export interface EventScope<E extends EventMap = FilesEvents> {
  /** The plugin's view of the bus. */
  readonly events: ScopedEvents<E>;
  /** Unsubscribes everything subscribed through `events`; later subscriptions are refused. */
  dispose(): void;
}

/**
 * Wraps `bus` so every subscription made through it is remembered and taken
 * back by `dispose`. After `dispose`, `on` and `once` throw, so a plugin's
 * stray async code cannot leave listeners behind.
 *
 * @param bus the app's bus
 * @param refused makes the error thrown by a subscription after disposal
 */
export function scopeEvents<E extends EventMap = FilesEvents>(
  bus: EventBus<E>,
  refused: () => Error = () => new Error('This event scope is no longer active'),
): EventScope<E> {
  const active = new Set<Unregister>();
  let disposed = false;

  const track = (subscribe: () => Unregister): Unregister => {
    if (disposed) throw refused();
    const off = subscribe();
    const undo: Unregister = () => {
      active.delete(undo);
      off();
    };
    active.add(undo);
    return undo;
  };

  const events: ScopedEvents<E> = {
    on: (name, listener) => track(() => bus.on(name, listener)),
    once: (name, listener) => {
      let undo: Unregister = () => undefined;
      undo = track(() =>
        bus.once(name, (payload) => {
          // Fired: forget it, so the scope does not hold it until disposal.
          active.delete(undo);
          // Returned so an async listener's rejection still reaches the bus's onError.
          return listener(payload);
        }),
      );
      return undo;
    },
    emit: (name, payload) => bus.emit(name, payload),
  };

  return {
    events: Object.freeze(events),
    dispose() {
      disposed = true;
      for (const undo of [...active]) undo();
      active.clear();
    },
  };
}
