import { describe, expect, it } from '@jest/globals';
import {
  OcsError,
  checkLabel,
  checkSharerLimit,
  downloadAllowed,
  expirationField,
  isExpired,
  isTokenShaped,
  linkPermissions,
  newToken,
  numberedName,
  parseAttributes,
  parseExpireDate,
  parsePermissions,
  userPermissions,
} from './rules';

function failure(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof OcsError) return { status: error.status, message: error.message };
    throw error;
  }
}

describe('link permissions', () => {
  it('defaults to READ+SHARE (17), public upload 31, file drop 4', () => {
    expect(linkPermissions(undefined, undefined, true)).toBe(17);
    expect(linkPermissions(15, undefined, true)).toBe(31);
    expect(linkPermissions(4, undefined, true)).toBe(4);
    expect(linkPermissions(undefined, undefined, false)).toBe(17);
  });
  it('lets publicUpload override permissions', () => {
    expect(linkPermissions(1, true, true)).toBe(31);
    expect(linkPermissions(15, false, true)).toBe(17);
  });
  it('refuses links without READ or CREATE, UPDATE/DELETE without READ, upload on a file', () => {
    expect(failure(() => linkPermissions(2, undefined, true))).toEqual({ status: 400, message: 'Share must at least have READ or CREATE permissions' });
    expect(failure(() => linkPermissions(4 | 8, undefined, true))).toEqual({ status: 400, message: 'Share must have READ permission if UPDATE or DELETE permission is set' });
    expect(failure(() => linkPermissions(undefined, true, false))?.status).toBe(400);
  });
});

describe('user permissions and the sharer limit', () => {
  it('defaults to 31, always adds READ, strips CREATE/DELETE on files', () => {
    expect(userPermissions(undefined, true)).toBe(31);
    expect(userPermissions(2, true)).toBe(3);
    expect(userPermissions(31, false)).toBe(19);
  });
  it('refuses sharing without SHARE and increasing permissions, with 404', () => {
    expect(failure(() => checkSharerLimit(1, 15, 'a'))).toEqual({ status: 404, message: 'You are not allowed to share a' });
    expect(failure(() => checkSharerLimit(31, 17, 'a'))).toEqual({ status: 404, message: 'Cannot increase permissions of a' });
    expect(failure(() => checkSharerLimit(17, 17, 'a'))).toBeNull();
  });
  it('parses permissions strictly', () => {
    expect(parsePermissions('15')).toBe(15);
    expect(parsePermissions(undefined)).toBeUndefined();
    expect(failure(() => parsePermissions('abc'))?.status).toBe(400);
    expect(failure(() => parsePermissions(32))?.status).toBe(400);
  });
});

describe('expiry', () => {
  it('reads dates, "" as none, refuses the past and junk', () => {
    expect(parseExpireDate('2030-05-06', '2026-11-24')).toBe('2030-05-06');
    expect(parseExpireDate('"2030-05-06"', '2026-11-24')).toBe('2030-05-06');
    expect(parseExpireDate('2030-05-06 00:00:00', '2026-11-24')).toBe('2030-05-06');
    expect(parseExpireDate('', '2026-11-24')).toBeNull();
    expect(parseExpireDate(undefined, '2026-11-24')).toBeUndefined();
    expect(failure(() => parseExpireDate('2026-11-24', '2026-11-24'))).toEqual({ status: 404, message: 'Expiration date is in the past' });
    expect(failure(() => parseExpireDate('2030-02-31', '2026-11-24'))).toEqual({ status: 404, message: 'Invalid date. Format must be YYYY-MM-DD' });
    expect(failure(() => parseExpireDate('tomorrow-ish', '2026-11-24'))?.status).toBe(404);
  });
  it('expires at the end of the day', () => {
    expect(isExpired('2026-11-24', '2026-11-24')).toBe(false);
    expect(isExpired('2026-11-23', '2026-11-24')).toBe(true);
    expect(isExpired(null, '2026-11-24')).toBe(false);
    expect(expirationField('2030-01-02')).toBe('2030-01-02 00:00:00');
  });
});

describe('labels, attributes, tokens, names', () => {
  it('limits labels to 255 bytes', () => {
    expect(checkLabel('é'.repeat(127))).toHaveLength(127);
    expect(failure(() => checkLabel('é'.repeat(128)))).toEqual({ status: 400, message: 'Maximum label length is 255' });
  });
  it('takes attributes as a JSON list string and reads the download rule', () => {
    const attributes = parseAttributes('[{"scope":"permissions","key":"download","value":false}]');
    expect(attributes).toBe('[{"scope":"permissions","key":"download","value":false}]');
    expect(downloadAllowed(attributes)).toBe(false);
    expect(downloadAllowed(null)).toBe(true);
    expect(parseAttributes('[]')).toBeNull();
    expect(failure(() => parseAttributes('{"scope":1}'))?.status).toBe(400);
    expect(failure(() => parseAttributes('not json'))?.message).toBe('Invalid share attributes provided: "not json"');
  });
  it('makes 15-character human-readable tokens', () => {
    let n = 0;
    const token = newToken((limit) => n++ % limit);
    expect(token).toHaveLength(15);
    expect(isTokenShaped(token)).toBe(true);
    expect(isTokenShaped('../../etc/passw')).toBe(false);
    expect(isTokenShaped('short')).toBe(false);
  });
  it('numbers taken names before the extension', () => {
    expect(numberedName('a.txt', 2)).toBe('a (2).txt');
    expect(numberedName('Photos', 3)).toBe('Photos (3)');
    expect(numberedName('.hidden', 2)).toBe('.hidden (2)');
  });
});
