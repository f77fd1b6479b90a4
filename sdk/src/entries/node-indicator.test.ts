import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { validateNodeIndicator, nodeIndicatorKind } from './node-indicator';
import { ICON, aNodeIndicator } from './test-fixtures';

describe('validateNodeIndicator', () => {
  it('accepts an id and a badge, with optional exec and order', () => {
    expect(validateNodeIndicator(aNodeIndicator())).toBeNull();
    expect(validateNodeIndicator(aNodeIndicator({ exec: () => undefined, order: 2 }))).toBeNull();
  });

  it('names what is wrong', () => {
    expect(validateNodeIndicator({ ...aNodeIndicator(), id: ' ' })).toBe('id must be a non-empty string');
    expect(validateNodeIndicator({ id: 'shared', badge: { label: 'Shared', iconSvgInline: ICON } })).toBe('badge must be a function');
    expect(validateNodeIndicator({ ...aNodeIndicator(), exec: 'open' })).toBe('exec must be a function');
    expect(validateNodeIndicator({ ...aNodeIndicator(), order: Number.NaN })).toBe('order must be a finite number');
  });

  it('sorts by order, then id, and every registration returns its undo', () => {
    const registry = createRegistry(nodeIndicatorKind);
    registry.register(aNodeIndicator({ id: 'b' }));
    const undo = registry.register(aNodeIndicator({ id: 'a', order: 1 }));
    registry.register(aNodeIndicator({ id: 'c' }));
    expect(registry.getAll().map((indicator) => indicator.id)).toEqual(['b', 'c', 'a']);
    undo();
    undo();
    expect(registry.getAll().map((indicator) => indicator.id)).toEqual(['b', 'c']);
  });
});
