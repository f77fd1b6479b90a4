import { describe, expect, it, jest } from '@jest/globals';
import { createRegistry } from './create-registry';
import type { RegistryKind } from './types';

interface Item {
  id: string;
  label: string;
  order?: number;
}

const itemKind: RegistryKind<Item> = {
  name: 'item',
  validate: (entry) =>
    typeof entry === 'object' && entry !== null && typeof (entry as { id?: unknown }).id === 'string' ? null : 'id must be a string',
  duplicateMessage: (id) => `Item ${id} taken`,
  displayName: (item) => item.label,
  defaultOrder: 0,
};

const item = (id: string, label = id, order?: number): Item => (order === undefined ? { id, label } : { id, label, order });

describe('createRegistry', () => {
  it("stamps the owner, 'core' by default", () => {
    const items = createRegistry(itemKind);
    items.register(item('a'));
    items.register(item('b'), 'favorites');
    expect(items.get('a')?.pluginId).toBe('core');
    expect(items.get('b')?.pluginId).toBe('favorites');
  });

  it('refuses an empty owner as an invalid entry', () => {
    const items = createRegistry(itemKind);
    expect(() => items.register(item('a'), '')).toThrow(expect.objectContaining({ message: 'Invalid entry', reason: 'owner must be a non-empty string' }));
    expect(items.has('a')).toBe(false);
  });

  it("uses the kind's validation and duplicate message", () => {
    const items = createRegistry(itemKind);
    expect(() => items.register({ label: 'x' } as never)).toThrow(expect.objectContaining({ message: 'Invalid entry', code: 'invalid', kind: 'item', reason: 'id must be a string' }));
    items.register(item('a'));
    expect(() => items.register(item('a'))).toThrow(expect.objectContaining({ message: 'Item a taken', code: 'duplicate', entryId: 'a' }));
  });

  it('refuses an entry whose getters throw as an invalid entry', () => {
    const items = createRegistry(itemKind);
    const entry = {
      get id(): string {
        throw new Error('no id today');
      },
      label: 'x',
    };
    expect(() => items.register(entry)).toThrow(expect.objectContaining({ message: 'Invalid entry', reason: 'reading the entry failed: no id today', entryId: undefined }));
  });

  it('sorts by order, then display name, then id, whatever the registration order', () => {
    const ids = ['c', 'b2', 'b1', 'a', 'z'];
    const entries: Record<string, Item> = {
      c: item('c', 'Same', 1),
      b2: item('b2', 'Same'),
      b1: item('b1', 'Same'),
      a: item('a', 'Zebra', -1),
      z: item('z', 'Alpha'),
    };
    for (const order of [ids, [...ids].reverse()]) {
      const items = createRegistry(itemKind);
      for (const id of order) items.register(entries[id] as Item);
      expect(items.getAll().map((entry) => entry.id)).toEqual(['a', 'z', 'b1', 'b2', 'c']);
    }
  });

  it('falls back to the default order for a missing order', () => {
    const items = createRegistry({ ...itemKind, defaultOrder: 100 });
    items.register(item('late', 'A'));
    items.register(item('early', 'B', 99));
    expect(items.getAll().map((entry) => entry.id)).toEqual(['early', 'late']);
  });

  it('hands out a frozen snapshot that keeps its identity until a change', () => {
    const items = createRegistry(itemKind);
    const empty = items.getAll();
    expect(items.getAll()).toBe(empty);
    const undo = items.register(item('a'));
    const one = items.getAll();
    expect(one).not.toBe(empty);
    expect(Object.isFrozen(one)).toBe(true);
    expect(items.getAll()).toBe(one);
    expect(() => (one as unknown as Item[]).push(item('x'))).toThrow(TypeError);
    undo();
    expect(items.getAll()).not.toBe(one);
    expect(items.getAll()).toEqual([]);
  });

  it('keeps the snapshot when a refused registration changes nothing', () => {
    const items = createRegistry(itemKind);
    items.register(item('a'));
    const before = items.getAll();
    expect(() => items.register(item('a'))).toThrow();
    expect(() => items.register({} as never)).toThrow();
    expect(items.getAll()).toBe(before);
  });

  it("emits 'added' on register and 'removed' on removal, with the stamped entry (product §4)", () => {
    const items = createRegistry(itemKind);
    const added = jest.fn();
    const removed = jest.fn();
    items.on('added', added);
    items.on('removed', removed);
    const undo = items.register(item('a'), 'recent');
    expect(added).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith(items.get('a'));
    const registered = items.get('a');
    undo();
    expect(removed).toHaveBeenCalledTimes(1);
    expect(removed).toHaveBeenCalledWith(registered);
    expect(registered?.pluginId).toBe('recent');
  });

  it('notifies subscribers on every change, after the snapshot is updated, until they unsubscribe', () => {
    const items = createRegistry(itemKind);
    const seen: number[] = [];
    const unsubscribe = items.subscribe(() => seen.push(items.getAll().length));
    items.register(item('a'));
    items.register(item('b'));
    items.unregister('a');
    unsubscribe();
    items.register(item('c'));
    expect(seen).toEqual([1, 2, 1]);
  });

  it('treats the same function subscribed twice as two subscriptions', () => {
    const items = createRegistry(itemKind);
    const listener = jest.fn();
    const first = items.subscribe(listener);
    items.subscribe(listener);
    first();
    items.register(item('a'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reports a throwing listener and still notifies the others and completes the change', () => {
    const onError = jest.fn();
    const items = createRegistry(itemKind, { onError });
    const after = jest.fn();
    items.on('added', () => {
      throw new Error('listener broke');
    });
    items.subscribe(after);
    expect(() => items.register(item('a'))).not.toThrow();
    expect(items.has('a')).toBe(true);
    expect(after).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('listener broke'));
  });

  it('reports an async listener that rejects, for events and subscriptions alike', async () => {
    const onError = jest.fn();
    const items = createRegistry(itemKind, { onError });
    items.on('added', async () => {
      throw new Error('added listener broke');
    });
    items.subscribe(() => Promise.reject(new Error('change listener broke')));
    items.register(item('a'));
    expect(items.has('a')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onError).toHaveBeenCalledWith(new Error('added listener broke'));
    expect(onError).toHaveBeenCalledWith(new Error('change listener broke'));
  });

  it('refuses an unknown event name', () => {
    expect(() => createRegistry(itemKind).on('changed' as never, () => undefined)).toThrow('Unknown registry event "changed"');
  });

  describe('undo', () => {
    it('removes exactly its registration and is harmless when called twice', () => {
      const items = createRegistry(itemKind);
      const removed = jest.fn();
      items.on('removed', removed);
      const undo = items.register(item('a'));
      undo();
      undo();
      expect(items.has('a')).toBe(false);
      expect(removed).toHaveBeenCalledTimes(1);
    });

    it('never removes a later registration of the same id', () => {
      const items = createRegistry(itemKind);
      const undoFirst = items.register(item('a', 'first'));
      undoFirst();
      items.register(item('a', 'second'));
      undoFirst();
      expect(items.get('a')?.label).toBe('second');
    });

    it('does nothing after unregister(id) removed the entry', () => {
      const items = createRegistry(itemKind);
      const undo = items.register(item('a'));
      expect(items.unregister('a')).toBe(true);
      items.register(item('a', 'again'));
      undo();
      expect(items.get('a')?.label).toBe('again');
    });
  });

  it('unregister(id) reports whether something was removed', () => {
    const items = createRegistry(itemKind);
    items.register(item('a'));
    expect(items.unregister('a')).toBe(true);
    expect(items.unregister('a')).toBe(false);
    expect(items.get('a')).toBeUndefined();
  });
});
