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
