import type { Registered, RegistryKind } from './types';

/** The order an entry sorts by: its own finite `order`, else the kind's default. */
export function orderOf<T extends { id: string }>(kind: RegistryKind<T>, entry: T): number {
  const order: unknown = (entry as { order?: unknown }).order;
  return typeof order === 'number' && Number.isFinite(order) ? order : kind.defaultOrder;
}

/**
 * Sort function for a kind's entries: group (if the kind has one), then
 * order, then display name (`localeCompare`), then id, so the order never
 * depends on registration order.
 */
export function compareEntries<T extends { id: string }>(kind: RegistryKind<T>) {
  return (a: Registered<T>, b: Registered<T>): number => {
    const aEntry = a as T;
    const bEntry = b as T;
    if (kind.group) {
      const byGroup = kind.group(aEntry) - kind.group(bEntry);
      if (byGroup !== 0) return byGroup;
    }
    const byOrder = orderOf(kind, aEntry) - orderOf(kind, bEntry);
    if (byOrder !== 0) return byOrder;
    const byName = kind.displayName(aEntry).localeCompare(kind.displayName(bEntry));
    if (byName !== 0) return byName;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}
