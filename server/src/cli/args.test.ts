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
  it('never takes the next option as the value of a valued one', () => {
    expect(() => parseArgs(['carol', '--display-name', '--password-from-env'], new Set(['display-name']))).toThrow('The option --display-name needs a value.');
    expect(() => parseArgs(['--quota', '--', '5'], new Set(['quota']))).toThrow('The option --quota needs a value.');
    // Spelled with "=", the value is what the operator wrote, even when it starts with dashes.
    expect(parseArgs(['--display-name=--odd'], new Set(['display-name'])).options.get('display-name')).toBe('--odd');
    // A value with one leading dash ("-1") is a value.
    expect(parseArgs(['--quota', '-1'], new Set(['quota'])).options.get('quota')).toBe('-1');
  });
});
