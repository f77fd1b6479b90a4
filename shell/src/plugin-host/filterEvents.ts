import type { EventBus, FileListFilter, Registered, Registry, Unregister } from '@cumulus/sdk';

/**
 * Announces the file-list filters on the event bus: 'files:filter:added' and
 * 'files:filter:removed' as the registry changes, and 'files:filter:changed'
 * whenever a registered filter sends 'update:filter' (its result changed).
 * A removed filter is no longer followed. Filters registered before the call
 * are followed but not announced: nobody could have listened yet.
 *
 * @returns the function that stops announcing
 */
export function connectFilterEvents(filters: Registry<FileListFilter>, events: EventBus): Unregister {
  // The listener added to each filter, kept so removal takes back exactly it.
  const followed = new Map<string, { filter: Registered<FileListFilter>; changed: () => void }>();

  const follow = (filter: Registered<FileListFilter>): void => {
    const id = filter.id;
    const changed = (): void => events.emit('files:filter:changed', { id });
    filter.addEventListener('update:filter', changed);
    followed.set(id, { filter, changed });
  };
  const unfollow = (id: string): void => {
    const current = followed.get(id);
    if (current === undefined) return;
    followed.delete(id);
    current.filter.removeEventListener('update:filter', current.changed);
  };

  for (const filter of filters.getAll()) follow(filter);
  const stopAdded = filters.on('added', (filter) => {
    follow(filter);
    events.emit('files:filter:added', { filter });
  });
  const stopRemoved = filters.on('removed', (filter) => {
    unfollow(filter.id);
    events.emit('files:filter:removed', { id: filter.id });
  });

  return () => {
    stopAdded();
    stopRemoved();
    for (const id of [...followed.keys()]) unfollow(id);
  };
}
