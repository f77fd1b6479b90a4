import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { columnKind } from './column';
import { aColumn, refusal } from './test-fixtures';

describe('column registration (product §5)', () => {
  it('accepts a column with id, title and render', () => {
    const columns = createRegistry(columnKind);
    columns.register(aColumn());
    expect(columns.has('tags')).toBe(true);
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a missing title', { title: undefined }, 'title must be a non-empty string'],
    ['a missing render', { render: undefined }, 'render must be a function'],
    ['a sort that is not a function', { sort: 'asc' }, 'sort must be a function'],
    ['a summary that is not a function', { summary: 'total' }, 'summary must be a function'],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const error = refusal(() => createRegistry(columnKind).register({ ...aColumn(), ...fields } as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.kind).toBe('column');
    expect(error.reason).toBe(reason);
  });

  it("refuses a duplicate id with 'Duplicate entry'", () => {
    const columns = createRegistry(columnKind);
    columns.register(aColumn());
    const error = refusal(() => columns.register(aColumn({ title: 'Other' })));
    expect(error.message).toBe('Duplicate entry');
    expect(error.code).toBe('duplicate');
  });

  it('sorts columns by order, then title', () => {
    const columns = createRegistry(columnKind);
    columns.register(aColumn({ id: 'z', title: 'Zeta' }));
    columns.register(aColumn({ id: 'a', title: 'Alpha' }));
    columns.register(aColumn({ id: 'first', title: 'Zzz', order: -1 }));
    expect(columns.getAll().map((column) => column.id)).toEqual(['first', 'a', 'z']);
  });
});
