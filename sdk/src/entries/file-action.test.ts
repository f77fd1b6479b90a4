import { describe, expect, it } from '@jest/globals';
import { createRegistry } from '../registry/create-registry';
import { fileActionKind } from './file-action';
import { aFileAction, refusal } from './test-fixtures';

describe('file action registration (product §5)', () => {
  it('accepts an action with id, displayName, iconSvgInline and exec functions', () => {
    const actions = createRegistry(fileActionKind);
    actions.register(aFileAction({ default: 'default', destructive: true, hotkey: { key: 'Delete', description: 'Delete' } }));
    expect(actions.get('delete')?.destructive).toBe(true);
  });

  it.each([
    ['a missing id', { id: undefined }, 'id must be a non-empty string'],
    ['a displayName that is a string', { displayName: 'Delete' }, 'displayName must be a function'],
    ['a missing iconSvgInline', { iconSvgInline: undefined }, 'iconSvgInline must be a function'],
    ['a missing exec', { exec: undefined }, 'exec must be a function'],
    ['an enabled that is not a function', { enabled: true }, 'enabled must be a function'],
    ['an execBatch that is not a function', { execBatch: {} }, 'execBatch must be a function'],
    ['an unknown default', { default: 'always' }, "default must be one of 'default', 'hidden'"],
    ['a destructive that is not a boolean', { destructive: 'yes' }, 'destructive must be a boolean'],
    ['a hotkey without description', { hotkey: { key: 'd' } }, 'hotkey: description must be a non-empty string'],
  ])('refuses %s with "Invalid entry"', (_case, fields, reason) => {
    const error = refusal(() => createRegistry(fileActionKind).register({ ...aFileAction(), ...fields } as never));
    expect(error.message).toBe('Invalid entry');
    expect(error.kind).toBe('file action');
    expect(error.reason).toBe(reason);
  });

  it("refuses a duplicate id with 'Duplicate entry'", () => {
    const actions = createRegistry(fileActionKind);
    actions.register(aFileAction());
    expect(refusal(() => actions.register(aFileAction())).message).toBe('Duplicate entry');
  });

  it('sorts actions by order, then id (their label depends on the nodes)', () => {
    const actions = createRegistry(fileActionKind);
    actions.register(aFileAction({ id: 'rename', order: 10 }));
    actions.register(aFileAction({ id: 'details', order: -50 }));
    actions.register(aFileAction({ id: 'copy', order: 10 }));
    expect(actions.getAll().map((action) => action.id)).toEqual(['details', 'copy', 'rename']);
  });
});
