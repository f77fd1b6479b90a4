import { describe, expect, it } from '@jest/globals';
import { cleanEtag } from './dav-props';
import { ResponseNodeBuilder } from './response-node';

/** What cleanEtag always gave: a weak marker and every quote removed. */
const byExpressions = (etag: string): string => etag.replace(/^W\//, '').replace(/"/g, '');

describe('cleanEtag', () => {
  it('gives what the two regular expressions give, for the quoted form and every other', () => {
    const etags = ['"abc"', 'W/"abc"', '"a"b"', '""', '"', '"abc', 'abc"', 'abc', 'W/abc', ' "x" ', '"W/x"', '"a""b"', '"日本"'];
    for (const etag of etags) expect([etag, cleanEtag(etag)]).toEqual([etag, byExpressions(etag)]);
    expect(cleanEtag('')).toBeUndefined();
    expect(cleanEtag(null)).toBeUndefined();
    expect(cleanEtag(undefined)).toBeUndefined();
  });
});

describe('ResponseNodeBuilder', () => {
  it('freezes the nested properties of a node along with the node', () => {
    const builder = new ResponseNodeBuilder({ davUrl: 'https://cloud.example/remote.php/dav', root: '/files/alice' });
    const { node } = builder.build({
      href: '/remote.php/dav/files/alice/a.txt',
      props: { getetag: '"e1"', 'checksums': { checksum: 'SHA1:abc' }, 'share-types': { 'share-type': ['0', '3'] } },
    });
    expect(Object.isFrozen(node) && Object.isFrozen(node.attributes)).toBe(true);
    expect(node.attributes['checksums']).toEqual({ checksum: 'SHA1:abc' });
    expect(Object.isFrozen(node.attributes['checksums'])).toBe(true);
    expect(node.attributes['share-types']).toEqual([0, 3]);
    expect(Object.isFrozen(node.attributes['share-types'])).toBe(true);
  });
});

describe('ResponseNodeBuilder.buildRow', () => {
  const context = { davUrl: 'https://cloud.example/remote.php/dav', root: '/files/alice' };
  const names = ['getetag', 'resourcetype', 'getlastmodified', 'size', 'permissions', 'has-preview', 'owner-display-name', 'checksums', 'id', 'displayname'];
  const folderHref = '/remote.php/dav/files/alice/A%20b/';
  const rows: [string, (string | { [name: string]: string } | null)[]][] = [
    ['', ['"f"', { collection: '' }, 'Tue, 24 Nov 2026 19:36:40 GMT', '10', 'RGDNVCK', 'false', 'Alice', null, '1', '']],
    ['a b%c #1.txt', ['"e1"', '', 'Tue, 24 Nov 2026 19:36:40 GMT', '3', 'RGDNVW', 'true', '1e3', { checksum: 'SHA1:abc' }, '2', 'Shown']],
    ['日本 2', ['"e2"', '', 'Tue, 24 Nov 2026 19:36:40 GMT', null, 'RGDNVW', 'true', '0012', { checksum: 'SHA1:abc' }, null, null]],
    ['sub', ['"e3"', { collection: '' }, 'bad date', '7', 'RGDNVCK', '1e3', 'Bob', null, '4', '']],
  ];

  it('makes of each row the node build makes of the response with those properties', () => {
    const byRow = new ResponseNodeBuilder(context);
    const byResponse = new ResponseNodeBuilder(context);
    const columns = byRow.columns(names);
    for (const [name, values] of rows) {
      const props: Record<string, string | { [name: string]: string }> = {};
      values.forEach((value, i) => {
        if (value !== null) props[names[i] as string] = value;
      });
      const href = name === '' ? folderHref : folderHref + encodeURIComponent(name);
      const expected = byResponse.build({ href, props });
      const built = byRow.buildRow(folderHref, name, values, columns);
      expect(built).toEqual(expected);
      expect(Object.keys(built.node.attributes)).toEqual(Object.keys(expected.node.attributes));
      expect(Object.isFrozen(built.node) && Object.isFrozen(built.node.attributes)).toBe(true);
    }
  });

  it('converts a value repeated from the row before once, and shares it frozen', () => {
    const builder = new ResponseNodeBuilder(context);
    const columns = builder.columns(names);
    const checksum = { checksum: 'SHA1:abc' };
    const values = (etag: string): (string | { [name: string]: string })[] => [etag, '', 'Tue, 24 Nov 2026 19:36:40 GMT', '1', 'RGDNVW', 'true', 'x', checksum, '1', ''];
    const first = builder.buildRow(folderHref, 'one', values('"1"'), columns).node;
    const second = builder.buildRow(folderHref, 'two', values('"2"'), columns).node;
    expect(second.attributes['checksums']).toBe(first.attributes['checksums']);
    expect(Object.isFrozen(first.attributes['checksums'])).toBe(true);
    expect([first.attributes.etag, second.attributes.etag, second.basename]).toEqual(['1', '2', 'two']);
  });
});
