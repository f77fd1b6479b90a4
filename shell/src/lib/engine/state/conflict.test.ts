import { describe, expect, it } from '@jest/globals';
import { CONFLICT_SELECTION_REQUIRED, conflictChoice, findConflicts, resolveConflict, resolveConflicts } from './conflict';

const existing = ['photo.jpg', 'photo (1).jpg', 'Photos', 'notes.txt'];

describe('conflictChoice', () => {
  it('maps the two checkboxes to a choice', () => {
    expect(conflictChoice(true, false)).toBe('keep-existing');
    expect(conflictChoice(false, true)).toBe('keep-new');
    expect(conflictChoice(true, true)).toBe('keep-both');
  });
  it('refuses neither, with the spec message', () => {
    expect(conflictChoice(false, false)).toBeNull();
    expect(CONFLICT_SELECTION_REQUIRED).toBe('You need to select at least one version of each file to continue.');
  });
});

describe('resolveConflict', () => {
  it('keeping the existing version skips the incoming item', () => {
    expect(resolveConflict({ name: 'notes.txt' }, 'keep-existing', existing)).toEqual({ action: 'skip' });
  });
  it('keeping the new file overwrites', () => {
    expect(resolveConflict({ name: 'notes.txt' }, 'keep-new', existing)).toEqual({ action: 'overwrite', name: 'notes.txt' });
  });
  it('keeping the new folder merges it into the existing one', () => {
    expect(resolveConflict({ name: 'Photos', isFolder: true }, 'keep-new', existing)).toEqual({ action: 'merge', name: 'Photos' });
  });
  it('keeping both gives the incoming file a number, before the extension', () => {
    expect(resolveConflict({ name: 'photo.jpg' }, 'keep-both', existing)).toEqual({ action: 'rename', name: 'photo (2).jpg' });
  });
  it('keeping both gives a folder the number at the end', () => {
    expect(resolveConflict({ name: 'Photos', isFolder: true }, 'keep-both', ['Photos'])).toEqual({ action: 'rename', name: 'Photos (1)' });
  });
});

describe('resolveConflicts', () => {
  it('never gives two renamed items the same name', () => {
    const resolutions = resolveConflicts(
      [
        { incoming: { name: 'notes.txt' }, choice: 'keep-both' },
        { incoming: { name: 'notes.txt' }, choice: 'keep-both' },
        { incoming: { name: 'photo.jpg' }, choice: 'keep-existing' },
      ],
      existing,
    );
    expect(resolutions).toEqual([
      { action: 'rename', name: 'notes (1).txt' },
      { action: 'rename', name: 'notes (2).txt' },
      { action: 'skip' },
    ]);
  });
});

describe('findConflicts', () => {
  it('returns the incoming items whose name exists', () => {
    const incoming = [{ name: 'notes.txt' }, { name: 'new.txt' }, { name: 'Photos' }];
    expect(findConflicts(incoming, existing, (item) => item.name)).toEqual([{ name: 'notes.txt' }, { name: 'Photos' }]);
  });
});
