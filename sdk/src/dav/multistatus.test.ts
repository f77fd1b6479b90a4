/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { MultistatusError, MultistatusReader, decodeXmlText, statusCodeOf } from './multistatus';
import type { DavResponse } from './multistatus';

/** Reads `xml` in pieces of `size` characters (every size from 1 catches state lost between pieces). */
function read(xml: string, size = xml.length): DavResponse[] {
  const responses: DavResponse[] = [];
  const reader = new MultistatusReader((response) => responses.push(response));
  for (let at = 0; at < xml.length; at += size) reader.write(xml.slice(at, at + size));
  reader.end();
  return responses;
}

const LISTING = `<?xml version="1.0" encoding="utf-8"?>
<!-- a comment before the root -->
<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns">
  <d:response>
    <d:href>/remote.php/dav/files/alice/Docs/</d:href>
    <d:propstat>
      <d:prop>
        <d:resourcetype><d:collection/></d:resourcetype>
        <oc:fileid>12</oc:fileid>
        <oc:permissions>RGDNVCK</oc:permissions>
      </d:prop>
      <d:status>HTTP/1.1 200 OK</d:status>
    </d:propstat>
    <d:propstat>
      <d:prop><d:getcontentlength/><d:getcontenttype/></d:prop>
      <d:status>HTTP/1.1 404 Not Found</d:status>
    </d:propstat>
  </d:response>
  <d:response>
    <d:href>/remote.php/dav/files/alice/Docs/Tom%20%26%20Jerry%20%3Cdraft%3E%20%C3%A9t%C3%A9%20%F0%9F%8E%89.txt</d:href>
    <d:propstat>
      <d:prop>
        <d:resourcetype/>
        <d:displayname>Tom &amp; Jerry &lt;draft&gt; été 🎉.txt</d:displayname>
        <d:getetag>&quot;0012ab&quot;</d:getetag>
        <oc:share-types><oc:share-type>0</oc:share-type><oc:share-type>3</oc:share-type></oc:share-types>
        <nc:note><![CDATA[a <b> & c]]></nc:note>
        <nc:char>&#233;&#x1F389;</nc:char>
      </d:prop>
      <d:status>HTTP/1.1 200 OK</d:status>
    </d:propstat>
  </d:response>
  <d:response>
    <d:href>/remote.php/dav/files/alice/Docs/gone.txt</d:href>
    <d:status>HTTP/1.1 404 Not Found</d:status>
  </d:response>
</d:multistatus>
`;

describe('MultistatusReader', () => {
  it('reads each response: href, and the props of 2xx propstats only', () => {
    const [folder, file, gone] = read(LISTING);
    expect(folder).toEqual({
      href: '/remote.php/dav/files/alice/Docs/',
      props: { resourcetype: { collection: '' }, fileid: '12', permissions: 'RGDNVCK' },
    });
    // The 404 propstat's empty getcontentlength/getcontenttype are not properties of the node.
    expect(folder?.props).not.toHaveProperty('getcontentlength');
    expect(gone).toEqual({ href: '/remote.php/dav/files/alice/Docs/gone.txt', props: {}, status: 404 });
    expect(file?.href).toBe('/remote.php/dav/files/alice/Docs/Tom%20%26%20Jerry%20%3Cdraft%3E%20%C3%A9t%C3%A9%20%F0%9F%8E%89.txt');
  });

  it('decodes entities and character references, keeps CDATA literal, and collects repeated children as a list', () => {
    const file = read(LISTING)[1];
    expect(file?.props).toMatchObject({
      resourcetype: '',
      displayname: 'Tom & Jerry <draft> été 🎉.txt',
      getetag: '"0012ab"',
      'share-types': { 'share-type': ['0', '3'] },
      note: 'a <b> & c',
      char: 'é🎉',
    });
  });

  it('gives the same answer whatever the size of the pieces the body arrives in', () => {
    const whole = read(LISTING);
    for (const size of [1, 2, 3, 5, 7, 64]) expect(read(LISTING, size)).toEqual(whole);
  });

  it('resolves any prefix for DAV:, a default namespace, and declarations on inner elements', () => {
    const xml = `<multistatus xmlns="DAV:"><response><href>/a</href><propstat><prop xmlns:x="http://owncloud.org/ns">
      <x:fileid>7</x:fileid><resourcetype><collection/></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat></response>
      <D:response xmlns:D="DAV:"><D:href>/b</D:href><D:propstat><D:prop><D:getcontentlength attr='a>b'>5</D:getcontentlength></D:prop>
      <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></multistatus>`;
    expect(read(xml, 4)).toEqual([
      { href: '/a', props: { fileid: '7', resourcetype: { collection: '' } } },
      { href: '/b', props: { getcontentlength: '5' } },
    ]);
  });

  it('takes a response without properties as one with none (missing props)', () => {
    const xml = '<d:multistatus xmlns:d="DAV:"><d:response><d:href>/x</d:href><d:propstat><d:prop/><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>';
    expect(read(xml)).toEqual([{ href: '/x', props: {} }]);
  });

  it('refuses what is not a complete multistatus', () => {
    expect(() => read('<html><body>Login</body></html>')).toThrow('Invalid response: No root multistatus found');
    expect(() => read('')).toThrow(MultistatusError);
    expect(() => read('<d:multistatus xmlns:d="DAV:"><d:response><d:href>/a</d:href>')).toThrow('The multistatus ended early');
    expect(() => read('<d:multistatus xmlns:d="DAV:"><d:response></d:multistatus>')).toThrow('Mismatched end tag </d:multistatus>');
    expect(() => read('<x:multistatus xmlns:d="DAV:"></x:multistatus>')).toThrow('Unbound namespace prefix in <x:multistatus>');
    expect(() => read('<!DOCTYPE m [<!ENTITY e "boom">]><d:multistatus xmlns:d="DAV:"></d:multistatus>')).toThrow('Document type declarations are not supported');
  });
});

describe('XML text helpers', () => {
  it('decodes the predefined entities and numeric references, leaving unknown entities as written', () => {
    expect(decodeXmlText('a &lt;b&gt; &amp;amp; &quot;q&quot; &apos;s&apos; &#65;&#x42; &nbsp;')).toBe(`a <b> &amp; "q" 's' AB &nbsp;`);
  });
  it('reads the code of a status line', () => {
    expect(statusCodeOf('HTTP/1.1 404 Not Found')).toBe(404);
    expect(statusCodeOf(' HTTP/2 207 Multi-Status')).toBe(207);
    expect(statusCodeOf('nonsense')).toBe(0);
  });
});
