import { describe, expect, it } from '@jest/globals';
import { createAppStore } from '../../app/store';
import { createFakeServices } from '../../test-support/fakeServices';
import { selectionChanged } from './selectionSlice';
import { selectAll, toggleSelection } from './toggleSelection';

const order = ['a', 'b', 'c', 'd', 'e'];

async function newStore() {
  const { services } = await createFakeServices();
  return createAppStore(services);
}

describe('toggleSelection', () => {
  it('flips one node and remembers its index as the last selected', async () => {
    const store = await newStore();
    store.dispatch(toggleSelection({ order, index: 1, shift: false }));
    expect(store.getState().selection).toEqual({ sources: ['b'], lastIndex: 1 });
    store.dispatch(toggleSelection({ order, index: 1, shift: false }));
    expect(store.getState().selection).toEqual({ sources: [], lastIndex: 1 });
  });

  it('with Shift adds the range from the last selected index, in either direction', async () => {
    const store = await newStore();
    store.dispatch(toggleSelection({ order, index: 3, shift: false }));
    store.dispatch(toggleSelection({ order, index: 1, shift: true }));
    expect(store.getState().selection).toEqual({ sources: ['d', 'b', 'c'], lastIndex: 1 });
  });

  it('with Shift and no last index selects only that node', async () => {
    const store = await newStore();
    store.dispatch(toggleSelection({ order, index: 2, shift: true }));
    expect(store.getState().selection.sources).toEqual(['c']);
  });

  it('ignores an index outside the list', async () => {
    const store = await newStore();
    store.dispatch(toggleSelection({ order, index: 9, shift: false }));
    expect(store.getState().selection.sources).toEqual([]);
  });
});

describe('selectAll', () => {
  it('selects every node; as a toggle it clears when all were selected, as ctrl+A it keeps them', async () => {
    const store = await newStore();
    store.dispatch(selectionChanged({ sources: ['c'] }));
    store.dispatch(selectAll({ order, toggle: true }));
    expect(store.getState().selection).toEqual({ sources: order, lastIndex: null });
    store.dispatch(selectAll({ order, toggle: false }));
    expect(store.getState().selection.sources).toEqual(order);
    store.dispatch(selectAll({ order, toggle: true }));
    expect(store.getState().selection.sources).toEqual([]);
  });
});
