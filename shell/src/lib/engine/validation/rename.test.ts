import { describe, expect, it } from '@jest/globals';
import { validateRename } from './rename';

describe('validateRename', () => {
  it('trims the name and accepts it', () => {
    expect(validateRename('  new.txt ', ['a.txt'])).toEqual({ valid: true, name: 'new.txt', unchanged: false });
  });
  it('requires a name of at least 1 character', () => {
    expect(validateRename('   ', [])).toEqual({
      valid: false,
      name: '',
      validity: 'Filename must not be empty.',
      message: 'Invalid filename. Filename must not be empty.',
    });
  });
  it('refuses the name of a sibling', () => {
    expect(validateRename('a.txt ', ['a.txt', 'b.txt'])).toMatchObject({
      valid: false,
      validity: 'Another entry with the same name already exists.',
      message: 'Another entry with the same name already exists.',
    });
  });
  it('marks an unchanged name as valid, even when the node itself is among the siblings', () => {
    expect(validateRename('a.txt', ['a.txt'], { currentName: 'a.txt' })).toEqual({ valid: true, name: 'a.txt', unchanged: true });
  });
  it('gives the rename wording of the filename rules after "Invalid filename."', () => {
    expect(validateRename('a/b', [])).toMatchObject({ valid: false, message: 'Invalid filename. "/" is not allowed inside a filename.' });
    expect(validateRename('con.txt', [], { rules: { reservedBasenames: ['con'] } })).toMatchObject({
      validity: '"con" is a reserved name and not allowed for filenames.',
    });
    expect(validateRename('x.part', [])).toMatchObject({ validity: '".part" is not an allowed filetype.' });
  });
  it('translates through t', () => {
    const t = (key: string) => `[${key}]`;
    expect(validateRename('', [], { t })).toMatchObject({ message: '[Invalid filename.] [Filename must not be empty.]' });
  });
});
