import type { Undo } from '@cumulus/protocol';

/** Takes back one registration or subscription. Calling it again does nothing (`@cumulus/protocol`'s undo, as the server's plugin contract). */
export type Unregister = Undo;

/**
 * An entry as the registry hands it out: read-only, stamped by the host with
 * the id of the plugin that registered it (`'core'` for the shell's built-ins).
 */
export type Registered<T> = Readonly<T> & {
  /** Id of the plugin that owns this entry; set by the host, never by the plugin. */
  readonly pluginId: string;
};

/** What a registry announces about single entries. */
export type RegistryEvent = 'added' | 'removed';

/**
 * One registry shape for every kind of entry (views, columns, file actions,
 * new-menu entries, file-list filters, sidebar tabs, settings sections).
 */
export interface Registry<T extends { id: string }> {
  /** The kind's name, for example `view`. */
  readonly kind: string;
  /**
   * Validates `entry` at run time and adds it under `owner` (default `'core'`).
   *
   * @throws RegistryError with code `'invalid'` (message `Invalid entry`, the
   *   detail in `reason`) when the entry breaks the kind's rules, or code
   *   `'duplicate'` when the id is taken (the kind's own message) or, for a
   *   kind with a `uniqueKey`, that key is (`Duplicate entry`).
   * @returns a function that removes exactly this registration; calling it
   *   twice is harmless and never removes a later registration of the same id.
   */
  register(entry: T, owner?: string): Unregister;
  /** Removes the entry with this id, whoever registered it. @returns whether one was removed. */
  unregister(id: string): boolean;
  /** The entry registered under `id`, if any. */
  get(id: string): Registered<T> | undefined;
  /** Whether an entry is registered under `id`. */
  has(id: string): boolean;
  /**
   * Every entry, sorted by `order` (the kind's default when missing), then
   * display name (`localeCompare`), then id. The array is frozen and keeps its
   * identity until the registry changes, so it can feed `useSyncExternalStore`.
   */
  getAll(): readonly Registered<T>[];
  /** Calls `listener` after any change. @returns the unsubscribe function. */
  subscribe(listener: () => void): Unregister;
  /** Calls `listener` with each entry added or removed. @returns the unsubscribe function. */
  on(event: RegistryEvent, listener: (entry: Registered<T>) => void): Unregister;
}

/** Describes one kind of entry to `createRegistry`. */
export interface RegistryKind<T extends { id: string }> {
  /** The kind's name, carried by its errors, for example `view`. */
  readonly name: string;
  /** Checks an entry's shape; returns why it is invalid, or null when it is fine. Never uses `instanceof`. */
  validate(entry: unknown): string | null;
  /** The message of the error thrown for a duplicate id. */
  duplicateMessage(id: string): string;
  /** The name entries are sorted by after their order. */
  displayName(entry: T): string;
  /** The order of an entry that gives none. */
  readonly defaultOrder: number;
  /**
   * Optional second key that must be unique besides the id, for kinds whose
   * spec refuses a duplicate by another field (settings sections: by name).
   * A clash is refused with `Duplicate entry`.
   */
  uniqueKey?(entry: T): string;
  /**
   * Optional coarse grouping sorted before `order` (lower first), for kinds
   * whose spec groups entries, like the new menu's categories.
   */
  group?(entry: T): number;
}

/** Options of `createRegistry`. */
export interface RegistryOptions {
  /**
   * Receives an error thrown by a listener, or the rejection of an async
   * listener, which never stops the other listeners nor the change itself.
   * Defaults to `console.error`.
   */
  onError?(error: unknown): void;
}
