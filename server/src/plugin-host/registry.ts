import { createRegistrationTable } from '@cumulus/protocol';
import type { Undo } from '../plugin-api';
import { ServerPluginError } from '../plugin-api';

/** An entry with the id of the plugin that registered it. */
export interface Owned<T> {
  readonly owner: string;
  readonly entry: T;
}

/** The registrations of one kind, held by the server. */
export interface ServerRegistry<T extends { id: string }> {
  /** Registers `entry` for `owner`; refuses an invalid entry or a taken id. */
  register(owner: string, entry: T): Undo;
  /** The current registrations, in registration order. */
  list(): readonly Owned<T>[];
}

/**
 * Creates the registry of one kind: every kind shares this one implementation, so the
 * registration shape, the duplicate policy and the undo behave the same everywhere.
 *
 * @param kind the kind's name in messages, e.g. "route"
 * @param problem why an entry is invalid for the plugin `owner`, or null
 */
export function createServerRegistry<T extends { id: string }>(kind: string, problem: (entry: T, owner: string) => string | null): ServerRegistry<T> {
  // The protocol's table, as the SDK's registries: an undo removes exactly its own registration.
  const entries = createRegistrationTable<Owned<T>>();
  return {
    register(owner, entry) {
      const id: unknown = (entry as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || id === '') throw new ServerPluginError(owner, `a ${kind} needs a non-empty string id`);
      const reason = problem(entry, owner);
      if (reason !== null) throw new ServerPluginError(owner, `the ${kind} "${id}" is invalid: ${reason}`);
      const undo = entries.claim(id, { owner, entry });
      if (undo === null) throw new ServerPluginError(owner, `a ${kind} with the id "${id}" is already registered (by "${entries.get(id)?.owner}")`);
      return undo;
    },
    list: () => entries.values(),
  };
}
