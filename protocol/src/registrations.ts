/**
 * The registration shape both plugin contracts build on: the browser's (`@cumulus/sdk`, whose
 * registries validate, sort and announce entries) and the server's
 * (`@cumulus/server/plugin-api`, whose host answers the server's questions from them). Each
 * adds its own rules and errors; the table of registrations and the undo are these.
 */

/** Takes back one registration or subscription. Calling it again does nothing. */
export type Undo = () => void;

/** The registrations of one kind by id, in registration order. */
export interface RegistrationTable<V> {
  /**
   * Adds `value` under `id`. @returns its undo, which removes exactly this registration
   * (never a later one under the same id), or null when the id is taken (nothing changes).
   */
  claim(id: string, value: V): Undo | null;
  /** The value registered under `id`, if any. */
  get(id: string): V | undefined;
  /** Whether a value is registered under `id`. */
  has(id: string): boolean;
  /** Removes the value under `id`, whoever registered it. @returns the removed value, if there was one. */
  release(id: string): V | undefined;
  /** The current values, in registration order. */
  values(): V[];
}

/**
 * Creates a table of registrations.
 *
 * @param onRelease called with each value an undo or {@link RegistrationTable.release} removes
 */
export function createRegistrationTable<V>(onRelease: (value: V) => void = () => {}): RegistrationTable<V> {
  // One token per registration, so an old undo can tell it is no longer current.
  const entries = new Map<string, { token: symbol; value: V }>();
  const release = (id: string): V | undefined => {
    const current = entries.get(id);
    if (!current) return undefined;
    entries.delete(id);
    onRelease(current.value);
    return current.value;
  };
  return {
    claim(id, value) {
      if (entries.has(id)) return null;
      const token = Symbol(id);
      entries.set(id, { token, value });
      return () => {
        if (entries.get(id)?.token === token) release(id);
      };
    },
    get: (id) => entries.get(id)?.value,
    has: (id) => entries.has(id),
    release,
    values: () => [...entries.values()].map(({ value }) => value),
  };
}

/** The undos of one plugin's activation, to take everything back at once. */
export interface UndoList {
  /** Remembers `undo`. @returns an undo that runs it once and forgets it. */
  add(undo: Undo): Undo;
  /**
   * Runs every remembered undo, newest first, and forgets them; one that throws never stops
   * the rest. @returns what they threw.
   */
  undoAll(): unknown[];
}

/** Creates an empty {@link UndoList}. */
export function createUndoList(): UndoList {
  const undos = new Set<Undo>();
  return {
    add(undo) {
      const once: Undo = () => {
        if (!undos.delete(once)) return;
        undo();
      };
      undos.add(once);
      return once;
    },
    undoAll() {
      const errors: unknown[] = [];
      for (const undo of [...undos].reverse()) {
        try {
          undo();
        } catch (error) {
          errors.push(error);
        }
      }
      undos.clear();
      return errors;
    },
  };
}
