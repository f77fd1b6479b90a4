import { describe, expect, it } from '@jest/globals';
import { createEventBus, createFileListFilter, createRegistries } from '@cumulus/sdk';
import type { EventBus } from '@cumulus/sdk';
import { connectFilterEvents } from './filterEvents';

/** The bus's filter events, in order, as `name id`. */
function recordFilterEvents(bus: EventBus): string[] {
  const seen: string[] = [];
  bus.on('files:filter:added', ({ filter }) => seen.push(`added ${filter.id}`));
  bus.on('files:filter:removed', ({ id }) => seen.push(`removed ${id}`));
  bus.on('files:filter:changed', ({ id }) => seen.push(`changed ${id}`));
  return seen;
}

describe('connectFilterEvents', () => {
  it('emits added, changed on update:filter, and removed; a removed filter no longer emits changed', () => {
    const { fileListFilters } = createRegistries();
    const bus = createEventBus();
    const seen = recordFilterEvents(bus);
    connectFilterEvents(fileListFilters, bus);

    const filter = createFileListFilter('type');
    const unregister = fileListFilters.register(filter, 'types-plugin');
    filter.filterUpdated();
    filter.updateChips([]);
    unregister();
    filter.filterUpdated();

    expect(seen).toEqual(['added type', 'changed type', 'removed type']);
  });

  it('hands the registered filter, stamped with its plugin, to added listeners', () => {
    const { fileListFilters } = createRegistries();
    const bus = createEventBus();
    const added: string[] = [];
    bus.on('files:filter:added', ({ filter }) => added.push(`${filter.id} ${(filter as { pluginId?: string }).pluginId}`));
    connectFilterEvents(fileListFilters, bus);
    fileListFilters.register(createFileListFilter('people'), 'people-plugin');
    expect(added).toEqual(['people people-plugin']);
  });

  it('follows filters registered before it was connected, and stops everything when disconnected', () => {
    const { fileListFilters } = createRegistries();
    const bus = createEventBus();
    const seen = recordFilterEvents(bus);
    const early = createFileListFilter('early');
    fileListFilters.register(early);
    const disconnect = connectFilterEvents(fileListFilters, bus);
    early.filterUpdated();
    disconnect();
    early.filterUpdated();
    fileListFilters.register(createFileListFilter('late'));
    expect(seen).toEqual(['changed early']);
  });
});
