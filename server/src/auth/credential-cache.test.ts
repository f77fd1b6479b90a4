import { describe, expect, it } from '@jest/globals';
import { CredentialCache } from './credential-cache';

describe('the credential cache', () => {
  it('remembers a verified pair until it expires', () => {
    let now = 0;
    const cache = new CredentialCache(1000, 10, () => now);
    cache.set('admin', 'secret', { uid: 'admin', storedHash: 'h' });
    expect(cache.get('admin', 'secret')).toEqual({ uid: 'admin', storedHash: 'h' });
    expect(cache.get('admin', 'other')).toBeUndefined();
    now = 1000;
    expect(cache.get('admin', 'secret')).toBeUndefined();
  });
  it('never keeps the password itself', () => {
    const cache = new CredentialCache(1000);
    cache.set('admin', 'very-secret-password', { uid: 'admin', storedHash: 'h' });
    const dump = JSON.stringify([...(cache as unknown as { entries: Map<string, unknown> }).entries]);
    expect(dump).not.toContain('very-secret-password');
  });
  it('separates login and password (no "ab"+"c" = "a"+"bc" collision)', () => {
    const cache = new CredentialCache(1000);
    cache.set('ab', 'c', { uid: 'ab', storedHash: 'h' });
    expect(cache.get('a', 'bc')).toBeUndefined();
  });
  it('forgets a user and bounds its size', () => {
    const cache = new CredentialCache(1000, 2);
    cache.set('a', '1', { uid: 'a', storedHash: 'h' });
    cache.set('b', '1', { uid: 'b', storedHash: 'h' });
    cache.set('c', '1', { uid: 'c', storedHash: 'h' });
    expect(cache.size).toBe(2);
    expect(cache.get('a', '1')).toBeUndefined();
    cache.forgetUser('b');
    expect(cache.get('b', '1')).toBeUndefined();
  });
  it('caches nothing with a zero lifetime', () => {
    const cache = new CredentialCache(0);
    cache.set('a', '1', { uid: 'a', storedHash: 'h' });
    expect(cache.size).toBe(0);
  });
});
