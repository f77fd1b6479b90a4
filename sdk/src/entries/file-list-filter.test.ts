import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { fileListFilterKind } from './file-list-filter';
import { aFileListFilter, refusal } from './test-fixtures';

describe('file-list filter registration', () => {
  it('accepts a filter made by createFileListFilter', () => {
    const filters = createRegistry(fileListFilterKind);
    filters.register(aFileListFilter());
    expect(filters.has('type')).toBe(true);
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a missing filter function', { filter: undefined }, 'filter must be a function'],
    ['chips that are not an array', { chips: 'a' }, 'chips must be an array'],
    ['no addEventListener', { addEventListener: undefined }, 'addEventListener must be a function'],
    ['no removeEventListener', { removeEventListener: undefined }, 'removeEventListener must be a function'],
    ['a reset that is not a function', { reset: 1 }, 'reset must be a function'],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const base = aFileListFilter();
    const entry = { id: base.id, chips: base.chips, filter: base.filter, addEventListener: base.addEventListener, removeEventListener: base.removeEventListener, ...fields };
    const error = refusal(() => createRegistry(fileListFilterKind).register(entry as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.kind).toBe('file list filter');
    expect(error.reason).toBe(reason);
  });

  it('registers once per id: a duplicate raises \'File list filter "{id}" already registered\' (product §4)', () => {
    const filters = createRegistry(fileListFilterKind);
    filters.register(aFileListFilter('modified'));
    const error = refusal(() => filters.register(aFileListFilter('modified')));
    expect(error.message).toBe('File list filter "modified" already registered');
    expect(error.code).toBe('duplicate');
  });

  it('sorts filters by order (default 100, product §9), then id', () => {
    const filters = createRegistry(fileListFilterKind);
    filters.register(aFileListFilter('type'));
    filters.register(aFileListFilter('people', 100));
    filters.register(aFileListFilter('modified', 99));
    filters.register(aFileListFilter('last', 101));
    expect(filters.getAll().map((filter) => filter.id)).toEqual(['modified', 'people', 'type', 'last']);
  });
});
