/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { davNamespaceDeclarations, davPropElements } from './dav-bodies';

describe('davNamespaceDeclarations / davPropElements', () => {
  it('declare every namespace and ask for the listed properties', () => {
    expect(davNamespaceDeclarations()).toContain(' xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"');
    expect(davPropElements(['oc:fileid', 'd:getetag'])).toBe('<oc:fileid/><d:getetag/>');
    expect(() => davPropElements(['x:nope'])).toThrow('Unknown WebDAV property "x:nope"');
  });
});
