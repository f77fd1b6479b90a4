import { describe, expect, it } from '@jest/globals';
import { DAV_NAMESPACES, DAV_PROPERTIES, propfindBody, resolveDavProperty } from './dav-properties';

describe('DAV_PROPERTIES', () => {
  it('lists the properties the files app requests', () => {
    expect(DAV_PROPERTIES).toEqual([
      'd:getcontentlength', 'd:getcontenttype', 'd:getetag', 'd:getlastmodified', 'd:creationdate', 'd:displayname',
      'd:quota-available-bytes', 'd:resourcetype', 'nc:has-preview', 'nc:is-encrypted', 'nc:mount-type', 'nc:is-mount-root', 'oc:comments-unread',
      'oc:favorite', 'oc:fileid', 'oc:id', 'oc:owner-display-name', 'oc:owner-id', 'oc:permissions', 'oc:size', 'nc:upload_time',
      'nc:hidden', 'oc:share-types', 'nc:share-attributes', 'ocs:share-permissions',
    ]);
    expect(Object.isFrozen(DAV_PROPERTIES)).toBe(true);
  });
  it('maps the prefixes to the namespace URIs', () => {
    expect(DAV_NAMESPACES).toEqual({
      d: 'DAV:', oc: 'http://owncloud.org/ns', nc: 'http://nextcloud.org/ns', ocs: 'http://open-collaboration-services.org/ns',
    });
  });
});

describe('resolveDavProperty', () => {
  it('splits a property into namespace and local name', () => {
    expect(resolveDavProperty('oc:fileid')).toEqual({ namespace: 'http://owncloud.org/ns', localName: 'fileid' });
    expect(resolveDavProperty('d:quota-available-bytes')).toEqual({ namespace: 'DAV:', localName: 'quota-available-bytes' });
  });
  it('refuses unknown prefixes and missing names', () => {
    expect(() => resolveDavProperty('x:foo')).toThrow('Unknown WebDAV property "x:foo"');
    expect(() => resolveDavProperty('fileid')).toThrow('Unknown WebDAV property');
    expect(() => resolveDavProperty('oc:')).toThrow('Unknown WebDAV property');
  });
});

describe('propfindBody', () => {
  it('declares every namespace and asks for every property', () => {
    const body = propfindBody();
    expect(body.startsWith('<?xml version="1.0"?>\n<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:ocs="http://open-collaboration-services.org/ns">')).toBe(true);
    for (const name of DAV_PROPERTIES) expect(body).toContain(`<${name} />`);
    expect(body.endsWith('</d:prop>\n</d:propfind>')).toBe(true);
  });
  it('asks for a chosen list only', () => {
    expect(propfindBody(['oc:fileid'])).toBe(
      '<?xml version="1.0"?>\n<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns" xmlns:ocs="http://open-collaboration-services.org/ns">\n\t<d:prop>\n\t\t<oc:fileid />\n\t</d:prop>\n</d:propfind>',
    );
  });
  it('refuses an unknown property', () => {
    expect(() => propfindBody(['zz:nope'])).toThrow('Unknown WebDAV property "zz:nope"');
  });
});
