import { describe, expect, it } from '@jest/globals';
import { UsageError, checkOptions, parseArgs } from './args';

describe('command line arguments', () => {
  it('splits positionals, valued options (both spellings) and flags', () => {
    const args = parseArgs(['alice', '--quota', '5 GB', '--display-name=Alice A', '--password-from-env'], new Set(['quota', 'display-name']));
    expect(args.positional).toEqual(['alice']);
    expect(Object.fromEntries(args.options)).toEqual({ quota: '5 GB', 'display-name': 'Alice A', 'password-from-env': true });
  });
  it('stops at --', () => {
    expect(parseArgs(['--', '--not-an-option'], new Set()).positional).toEqual(['--not-an-option']);
  });
  it('refuses a missing value, a value on a flag and unknown options', () => {
    expect(() => parseArgs(['--quota'], new Set(['quota']))).toThrow(UsageError);
    expect(() => parseArgs(['--json=1'], new Set())).toThrow('The option --json takes no value.');
    expect(() => checkOptions(parseArgs(['--qouta'], new Set()), ['quota'])).toThrow('Unknown option --qouta.');
  });
});
