import { describe, expect, it } from '@jest/globals';
import { rootRedirectTarget } from './legacyLink';

describe('the root route of old links', () => {
  it.each([
    ['', '/files'],
    ['?dir=/Photos', '/files?dir=/Photos'],
    ['?dir=%2FPhotos%2F2024', '/files?dir=/Photos/2024'],
    ['?dir=/My%20Docs%20%26%20more', '/files?dir=/My%20Docs%20%26%20more'],
    ['?dir=/Photos&openfile=false', '/files?dir=/Photos&openfile=false'],
    // Nextcloud's fileid query becomes the route's fileid; an older openfile held the file id.
    ['?dir=/Photos&fileid=42', '/files/42?dir=/Photos'],
    ['?dir=/Photos&fileid=42&openfile=true', '/files/42?dir=/Photos&openfile=true'],
    ['?dir=/Photos&openfile=42', '/files/42?dir=/Photos&openfile=true'],
    ['?dir=/Photos&fileid=42&openfile=43', '/files/42?dir=/Photos&openfile=true'],
    ['?dir=/Photos&fileid=abc', '/files?dir=/Photos'],
    // The view in the query of the oldest links.
    ['?dir=/&view=favorites', '/favorites?dir=/'],
    ['?view=&dir=/x', '/files?dir=/x'],
    // Other values ride along untouched.
    ['?dir=/a&scrollto=b.txt', '/files?dir=/a&scrollto=b.txt'],
  ])('%s → %s', (search, target) => {
    expect(rootRedirectTarget(search)).toBe(target);
  });
});
