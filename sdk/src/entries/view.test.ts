import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { aView, refusal } from './test-fixtures';
import { viewKind } from './view';

describe('view registration (product §5)', () => {
  it('accepts a view with a string id, a name, a getContents function and a valid SVG icon', () => {
    const views = createRegistry(viewKind);
    views.register(aView());
    expect(views.get('files')?.name).toBe('All files');
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a numeric id', { id: 7 }, 'id must be a non-empty string'],
    ['an empty id', { id: '' }, 'id must be a non-empty string'],
    ['a missing name', { name: undefined }, 'name must be a non-empty string'],
    ['a missing getContents', { getContents: undefined }, 'getContents must be a function'],
    ['getContents that is not a function', { getContents: 'list' }, 'getContents must be a function'],
    ['a missing icon', { icon: undefined }, 'icon must be a valid SVG string'],
    ['an icon that is not SVG', { icon: '<img src="x.png">' }, 'icon must be a valid SVG string'],
    ['an icon with a script', { icon: '<svg><script>x()</script></svg>' }, 'icon must be a valid SVG string'],
    ['an order that is not a number', { order: '1' }, 'order must be a finite number'],
    ['a parent that is not a string', { parent: 3 }, 'parent must be a string'],
    ['columns that are not an array', { columns: {} }, 'columns must be an array'],
    ['loadChildViews that is not a function', { loadChildViews: true }, 'loadChildViews must be a function'],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const views = createRegistry(viewKind);
    const error = refusal(() => views.register({ ...aView(), ...fields } as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.code).toBe('invalid');
    expect(error.kind).toBe('view');
    expect(error.reason).toBe(reason);
    expect(views.getAll()).toHaveLength(0);
  });

  it('refuses a value that is not an object', () => {
    const error = refusal(() => createRegistry(viewKind).register(null as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.reason).toBe('entry must be an object');
    expect(error.entryId).toBeUndefined();
  });

  it("refuses a duplicate id with 'View id {id} is already registered'", () => {
    const views = createRegistry(viewKind);
    views.register(aView({ id: 'favorites', name: 'Favorites' }));
    const error = refusal(() => views.register(aView({ id: 'favorites', name: 'Other' })));
    expect(error.message).toBe('View id favorites is already registered');
    expect(error.code).toBe('duplicate');
    expect(error.entryId).toBe('favorites');
    expect(views.get('favorites')?.name).toBe('Favorites');
  });

  it('sorts views by order, then name', () => {
    const views = createRegistry(viewKind);
    views.register(aView({ id: 'trash', name: 'Deleted files', order: 50 }));
    views.register(aView({ id: 'recent', name: 'Recent', order: 2 }));
    views.register(aView({ id: 'favorites', name: 'Favorites', order: 2 }));
    views.register(aView({ id: 'files', name: 'All files' }));
    expect(views.getAll().map((view) => view.id)).toEqual(['files', 'favorites', 'recent', 'trash']);
  });
});
