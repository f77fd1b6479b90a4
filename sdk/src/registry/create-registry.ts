import { CORE_PLUGIN_ID, createRegistrationTable } from '@cumulus/protocol';
import { callListener } from '../events/call-listener';
import { compareEntries } from './compare-entries';
import { RegistryError } from './registry-error';
import { stampOwner } from './stamp-owner';
import type { Registered, Registry, RegistryEvent, RegistryKind, RegistryOptions, Unregister } from './types';

/** The entry's id when it has a string one; never throws. */
function idOf(entry: unknown): string | undefined {
  try {
    const id: unknown = (entry as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The message of a clash on a kind's `uniqueKey` (product §8). */
const DUPLICATE_ENTRY = 'Duplicate entry';

/** The owner stamped on entries registered without one: the shell's built-ins. */
export const CORE_OWNER = CORE_PLUGIN_ID;

/**
 * Creates a registry for one kind of entry. Every kind uses this one
 * implementation, so validation, the duplicate policy, ordering, snapshots
 * and events behave the same everywhere.
 *
 * @param kind the kind's rules: validation, duplicate message, display name, default order
 * @param options where listener errors go (default `console.error`)
 */
export function createRegistry<T extends { id: string }>(kind: RegistryKind<T>, options: RegistryOptions = {}): Registry<T> {
  const report = options.onError ?? ((error: unknown) => console.error(`[${kind.name} registry] listener failed`, error));
  // The protocol's table: an undo removes exactly its own registration, never a later one of the same id.
  const entries = createRegistrationTable<Registered<T>>((registered) => changed('removed', registered));
  const changeListeners = new Set<{ listener: () => void }>();
  const eventListeners: Record<RegistryEvent, Set<{ listener: (entry: Registered<T>) => void }>> = {
    added: new Set(),
    removed: new Set(),
  };
  const compare = compareEntries(kind);
  let snapshot: readonly Registered<T>[] | null = null;


  const changed = (event: RegistryEvent, entry: Registered<T>): void => {
    snapshot = null;
    // Copy first: a listener that (un)subscribes must not disturb this round.
    for (const { listener } of [...eventListeners[event]]) callListener(listener, [entry], report);
    for (const { listener } of [...changeListeners]) callListener(listener, [], report);
  };

  // An entry whose getters throw is refused like any other invalid entry,
  // rather than escaping as an unrelated error.
  const validate = (entry: unknown): string | null => {
    try {
      return kind.validate(entry);
    } catch (error) {
      return `reading the entry failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  // A linear scan: registries hold a handful of entries, and a second index would have to follow every undo.
  const takenKey = (uniqueKey: (entry: T) => string, entry: T): boolean => {
    const key = uniqueKey(entry);
    return entries.values().some((registered) => uniqueKey(registered as T) === key);
  };

  const remove = (id: string): boolean => entries.release(id) !== undefined;

  const register = (entry: T, owner: string = CORE_OWNER): Unregister => {
    const reason = validate(entry);
    const id = idOf(entry);
    if (reason !== null) {
      throw new RegistryError('Invalid entry', { code: 'invalid', kind: kind.name, entryId: id, reason });
    }
    if (typeof owner !== 'string' || owner === '') {
      throw new RegistryError('Invalid entry', { code: 'invalid', kind: kind.name, entryId: id, reason: 'owner must be a non-empty string' });
    }
    if (entries.has(entry.id)) {
      throw new RegistryError(kind.duplicateMessage(entry.id), { code: 'duplicate', kind: kind.name, entryId: entry.id });
    }
    if (kind.uniqueKey && takenKey(kind.uniqueKey, entry)) {
      throw new RegistryError(DUPLICATE_ENTRY, { code: 'duplicate', kind: kind.name, entryId: entry.id });
    }
    const registered = stampOwner(entry, owner);
    const undo = entries.claim(entry.id, registered) as Unregister;
    changed('added', registered);
    return undo;
  };

  const listen = <L>(set: Set<{ listener: L }>, listener: L): Unregister => {
    // Wrapped so the same function subscribed twice is two subscriptions.
    const subscription = { listener };
    set.add(subscription);
    return () => {
      set.delete(subscription);
    };
  };

  return {
    kind: kind.name,
    register,
    unregister: remove,
    get: (id) => entries.get(id),
    has: (id) => entries.has(id),
    getAll: () => {
      snapshot ??= Object.freeze(entries.values().sort(compare));
      return snapshot;
    },
    subscribe: (listener) => listen(changeListeners, listener),
    on: (event, listener) => {
      if (event !== 'added' && event !== 'removed') throw new TypeError(`Unknown registry event "${String(event)}"`);
      return listen(eventListeners[event], listener);
    },
  };
}
