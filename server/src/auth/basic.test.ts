import { describe, expect, it } from '@jest/globals';
import { parseBasicAuth } from './basic';
import { parseCookies, serializeCookie } from './cookies';

const encode = (text: string): string => `Basic ${Buffer.from(text).toString('base64')}`;

describe('HTTP Basic parsing', () => {
  it('splits at the first colon, so passwords may hold colons', () => {
    expect(parseBasicAuth(encode('admin:pa:ss'))).toEqual({ login: 'admin', password: 'pa:ss' });
    expect(parseBasicAuth(`basic ${Buffer.from('a:b').toString('base64')}`)).toEqual({ login: 'a', password: 'b' });
  });
  it('ignores other schemes and malformed headers', () => {
    for (const header of [undefined, '', 'Bearer x', 'Basic', 'Basic ***', encode('nocolon'), encode(':nouser')]) {
      expect(parseBasicAuth(header)).toBeNull();
    }
  });
});

describe('cookies', () => {
  it('parses a Cookie header, first value winning and bad encodings skipped', () => {
    const cookies = parseCookies('a=1; b=%20x; a=2; bad=%zz; ="q"');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe(' x');
    expect(cookies.has('bad')).toBe(false);
  });
  it('always sets HttpOnly, SameSite=Lax and Path=/', () => {
    expect(serializeCookie('s', 'v')).toBe('s=v; Path=/; HttpOnly; SameSite=Lax');
    expect(serializeCookie('s', '', { maxAge: 0, secure: true })).toBe('s=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
  });
});
