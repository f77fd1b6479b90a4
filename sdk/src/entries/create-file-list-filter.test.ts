import { describe, expect, it, jest } from '@jest/globals';
import type { Node } from '../node/types';
import { createRegistry } from '../registry/create-registry';
import { createFileListFilter } from './create-file-list-filter';
import { fileListFilterKind } from './file-list-filter';
import type { FilterChip } from './file-list-filter';
import { FOLDER } from './test-fixtures';

const chip = (text: string): FilterChip => ({ text, onclick: () => undefined });

describe('createFileListFilter', () => {
  it('has the given id, order 100 by default, no chips, and lets every node through', () => {
    const filter = createFileListFilter('type');
    expect(filter.id).toBe('type');
    expect(filter.order).toBe(100);
    expect(filter.chips).toEqual([]);
    const nodes: Node[] = [FOLDER];
    expect(filter.filter(nodes)).toBe(nodes);
    expect(createFileListFilter('people', 7).order).toBe(7);
  });

  it("updateChips replaces the chips and sends 'update:chips' with them", () => {
    const filter = createFileListFilter('type');
    const listener = jest.fn();
    filter.addEventListener('update:chips', listener);
    filter.updateChips([chip('Images')]);
    expect(filter.chips.map((c) => c.text)).toEqual(['Images']);
    expect(Object.isFrozen(filter.chips)).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ type: 'update:chips', detail: filter.chips });
  });

  it("filterUpdated sends 'update:filter' only to its listeners", () => {
    const filter = createFileListFilter('type');
    const onChips = jest.fn();
    const onFilter = jest.fn();
    filter.addEventListener('update:chips', onChips);
    filter.addEventListener('update:filter', onFilter);
    filter.filterUpdated();
    expect(onFilter).toHaveBeenCalledWith({ type: 'update:filter', detail: undefined });
    expect(onChips).not.toHaveBeenCalled();
  });

  it('removeEventListener stops notifications, and adding the same listener twice notifies once', () => {
    const filter = createFileListFilter('type');
    const listener = jest.fn();
    filter.addEventListener('update:filter', listener);
    filter.addEventListener('update:filter', listener);
    filter.filterUpdated();
    expect(listener).toHaveBeenCalledTimes(1);
    filter.removeEventListener('update:filter', listener);
    filter.filterUpdated();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a throwing listener does not stop the others', () => {
    const filter = createFileListFilter('type');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    filter.addEventListener('update:filter', () => {
      throw new Error('boom');
    });
    filter.addEventListener('update:filter', after);
    filter.filterUpdated();
    expect(after).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('logs an async listener that rejects and still calls the others', async () => {
    const filter = createFileListFilter('type');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    filter.addEventListener('update:filter', async () => {
      throw new Error('async boom');
    });
    filter.addEventListener('update:filter', after);
    filter.filterUpdated();
    expect(after).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error).toHaveBeenCalledWith('[file list filter type] listener of update:filter failed', new Error('async boom'));
    error.mockRestore();
  });

  it('keeps its chips live once registered, when given its filter through Object.assign', () => {
    const filters = createRegistry(fileListFilterKind);
    const filter = Object.assign(createFileListFilter('type'), { filter: (nodes: Node[]) => nodes.filter((node) => node.type === 'file') });
    filters.register(filter);
    filter.updateChips([chip('Documents')]);
    const registered = filters.get('type');
    expect(registered?.chips.map((c) => c.text)).toEqual(['Documents']);
    expect(registered?.filter([FOLDER])).toEqual([]);
  });
});
