import { describe, it, expect } from '@jest/globals';
import type { FileEntry } from '../storage/model/types';
import type { PropName } from './prop-request';
import { propRequestFrom } from './prop-request';
import { httpDate, isoDate } from './live-properties';
import { ResponseRenderer } from './response-renderer';
import { parseXml } from './xml/parse';
import { toolFor } from '../api/preview-tools';

const file: FileEntry = {
  fileid: 42,
  path: '/docs/report 1.pdf',
  name: 'report 1.pdf',
  type: 'file',
  size: 1234,
  mtime: 1700000000,
  etag: '5f3c0a1b2c3d4e5f',
  mime: 'application/pdf',
  permissions: 'RGDNVW',
  favorite: true,
  uploadTime: 1700000100,
  creationTime: 1690000000,
  checksum: 'SHA1:a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 MD5:098f6bcd4621d373cade4e832627b4f6',
};
const folder: FileEntry = { ...file, fileid: 7, path: '/docs', name: 'docs', type: 'folder', size: 5000, mime: 'httpd/unix-directory', permissions: 'RGDNVCK', favorite: false };
const context = { user: { uid: 'admin', displayName: 'The Admin', quota: 10000 }, instanceId: 'ocabc123', used: 5000, locks: [], base: '/remote.php/dav/files/admin' };

const ALL_FILES_APP_PROPS =
  'd:getcontentlength d:getcontenttype d:getetag d:getlastmodified d:creationdate d:displayname d:quota-available-bytes d:resourcetype nc:has-preview nc:is-encrypted nc:mount-type oc:comments-unread oc:favorite oc:fileid oc:id oc:owner-display-name oc:owner-id oc:permissions oc:size nc:upload_time nc:hidden oc:share-types nc:share-attributes ocs:share-permissions';
const ns: Record<string, string> = { d: 'DAV:', oc: 'http://owncloud.org/ns', nc: 'http://nextcloud.org/ns', ocs: 'http://open-collaboration-services.org/ns' };
const names: PropName[] = ALL_FILES_APP_PROPS.split(' ').map((qualified) => {
  const [prefix, local] = qualified.split(':') as [string, string];
  return { ns: ns[prefix] ?? '', local };
});

function render(entry: FileEntry, props: PropName[] = names): string {
  return new ResponseRenderer({ kind: 'prop', names: props }, context).render('/href', entry, undefined);
}

/** The text of one property in a rendered response ('' when empty, undefined when absent from the 200 propstat). */
function value(xml: string, qualified: string): string | undefined {
  const ok = /<d:propstat><d:prop>([\s\S]*?)<\/d:prop><d:status>HTTP\/1.1 200 OK/.exec(xml)?.[1] ?? '';
  if (ok.includes(`<${qualified}/>`)) return '';
  return new RegExp(`<${qualified}>([\\s\\S]*?)</${qualified}>`).exec(ok)?.[1];
}

describe('live properties in Nextcloud formats', () => {
  it('renders every property the files app asks for on a file', () => {
    const xml = render(file);
    expect(value(xml, 'd:getcontentlength')).toBe('1234');
    expect(value(xml, 'd:getcontenttype')).toBe('application/pdf');
    expect(value(xml, 'd:getetag')).toBe('&quot;5f3c0a1b2c3d4e5f&quot;');
    expect(value(xml, 'd:getlastmodified')).toBe('Tue, 14 Nov 2023 22:13:20 GMT');
    expect(value(xml, 'd:creationdate')).toBe('2023-07-22T04:26:40+00:00');
    expect(value(xml, 'd:displayname')).toBe('report 1.pdf');
    expect(value(xml, 'd:resourcetype')).toBe('');
    // A PDF has a preview exactly where pdftoppm is installed (api/preview-tools.ts).
    expect(value(xml, 'nc:has-preview')).toBe(toolFor('application/pdf') === 'pdf' ? 'true' : 'false');
    expect(value(render({ ...file, mime: 'text/plain', name: 'report.txt', path: '/docs/report.txt' }), 'nc:has-preview')).toBe('false');
    expect(value(xml, 'nc:is-encrypted')).toBe('0');
    expect(value(xml, 'nc:mount-type')).toBe('');
    expect(value(xml, 'oc:comments-unread')).toBe('0');
    expect(value(xml, 'oc:favorite')).toBe('1');
    expect(value(xml, 'oc:fileid')).toBe('42');
    expect(value(xml, 'oc:id')).toBe('00000042ocabc123');
    expect(value(xml, 'oc:owner-display-name')).toBe('The Admin');
    expect(value(xml, 'oc:owner-id')).toBe('admin');
    expect(value(xml, 'oc:permissions')).toBe('RGDNVW');
    expect(value(xml, 'oc:size')).toBe('1234');
    expect(value(xml, 'nc:upload_time')).toBe('1700000100');
    expect(value(xml, 'nc:hidden')).toBe('false');
    expect(value(xml, 'oc:share-types')).toBe('');
    expect(value(xml, 'nc:share-attributes')).toBe('[]');
    expect(value(xml, 'ocs:share-permissions')).toBe('19');
    // A file has no quota: reported in the 404 propstat.
    expect(xml).toMatch(/<d:propstat><d:prop><d:quota-available-bytes\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found<\/d:status><\/d:propstat>/);
  });

  it('renders a folder as a collection with RGDNVCK, its size and the free quota', () => {
    const xml = render(folder);
    expect(value(xml, 'd:resourcetype')).toBe('<d:collection/>');
    expect(value(xml, 'oc:permissions')).toBe('RGDNVCK');
    expect(value(xml, 'oc:size')).toBe('5000');
    expect(value(xml, 'd:quota-available-bytes')).toBe('5000');
    expect(value(xml, 'ocs:share-permissions')).toBe('31');
    expect(xml).toMatch(/<d:getcontentlength\/><d:getcontenttype\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
  });

  it('reports -3 available bytes for unlimited quota, as Nextcloud does', () => {
    const renderer = new ResponseRenderer({ kind: 'prop', names: [{ ns: 'DAV:', local: 'quota-available-bytes' }] }, { ...context, user: { ...context.user, quota: -1 } });
    expect(renderer.render('/h/', folder, undefined)).toContain('<d:quota-available-bytes>-3</d:quota-available-bytes>');
  });

  it('returns the upload\'s checksums as Nextcloud does (one oc:checksum), and none as 404', () => {
    const names = [{ ns: 'http://owncloud.org/ns', local: 'checksums' }];
    expect(render(file, names)).toContain(
      '<d:propstat><d:prop><oc:checksums><oc:checksum>SHA1:a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 MD5:098f6bcd4621d373cade4e832627b4f6</oc:checksum></oc:checksums></d:prop><d:status>HTTP/1.1 200 OK',
    );
    expect(render({ ...file, checksum: null }, names)).toContain('<d:propstat><d:prop><oc:checksums/></d:prop><d:status>HTTP/1.1 404 Not Found');
  });

  it('says an image has a preview and escapes names', () => {
    const image = { ...file, name: 'a<b>&"c".png', mime: 'image/png' };
    const xml = render(image);
    expect(value(xml, 'nc:has-preview')).toBe('true');
    expect(value(xml, 'd:displayname')).toBe('a&lt;b&gt;&amp;&quot;c&quot;.png');
  });

  it('puts unknown properties in a 404 propstat with their namespace', () => {
    const xml = render(file, [{ ns: 'DAV:', local: 'getetag' }, { ns: 'urn:example', local: 'color' }]);
    expect(xml).toContain('<d:propstat><d:prop><x:color xmlns:x="urn:example"/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>');
  });

  it('returns stored dead properties as stored', () => {
    const dead = new Map([['{urn:example}color', '<color xmlns="urn:example">blue</color>']]);
    const xml = new ResponseRenderer({ kind: 'prop', names: [{ ns: 'urn:example', local: 'color' }] }, context).render('/h', file, dead);
    expect(xml).toContain('<color xmlns="urn:example">blue</color>');
  });

  it('reads prop, allprop and propname requests', () => {
    expect(propRequestFrom(parseXml('<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'))).toEqual({ kind: 'prop', names: [{ ns: 'DAV:', local: 'getetag' }] });
    expect(propRequestFrom(parseXml('<propfind xmlns="DAV:"><propname/></propfind>'))).toEqual({ kind: 'propname' });
    expect(propRequestFrom(parseXml('<propfind xmlns="DAV:"><allprop/></propfind>'))).toEqual({ kind: 'allprop', include: [] });
    const allprop = new ResponseRenderer({ kind: 'allprop', include: [] }, context).render('/h', file, undefined);
    expect(allprop).not.toContain('404 Not Found');
    expect(allprop).toContain('<d:getetag>');
  });
});

describe('dates written without Date (two a row in a 100,000-entry listing)', () => {
  const byDate = (seconds: number): [string, string] => [new Date(seconds * 1000).toUTCString(), `${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00`];

  it('writes getlastmodified and creationdate exactly as Date does, leap days, epochs and the ends of four-digit years included', () => {
    const edges = [0, -1, 1, 59, 86_399, 86_400, 951_782_400, 951_868_799, 951_868_800, 4_107_542_400, 1_700_000_000, 1_795_538_371, 253_402_300_799, -62_167_219_200, -62_135_596_800];
    const spread = Array.from({ length: 3_000 }, (_, i) => Math.floor(-62_167_219_200 + i * 84_473_173.7));
    for (const seconds of [...edges, ...spread]) expect([httpDate(seconds), isoDate(seconds)]).toEqual(byDate(seconds));
  });

  it('leaves what four digits cannot write, and fractions, to Date', () => {
    for (const seconds of [253_402_300_800, -62_167_219_201, 1_700_000_000.5]) expect([httpDate(seconds), isoDate(seconds)]).toEqual(byDate(seconds));
  });
});

describe('compact listing rows', () => {
  it('carry the same values as the multistatus, constants included, as one JSON array per node', () => {
    const renderer = new ResponseRenderer({ kind: 'prop', names: [...names, { ns: 'urn:x', local: 'color' }] }, context);
    const mounted: FileEntry = { ...file, mount: { type: 'shared', root: false, owner: 'bob', ownerDisplayName: 'Bob "B"', permissions: 1, attributes: '[]' } };
    for (const entry of [file, folder, mounted]) {
      const row = JSON.parse(renderer.compactRow(entry.name, entry, new Map([['{urn:x}color', '<x:color xmlns:x="urn:x">red</x:color>']]))) as unknown[];
      expect(row[0]).toBe(entry.name);
      expect(row).toHaveLength(names.length + 2);
      // Dead properties are their user's: a node seen through a share shows none of its owner's.
      expect(row[row.length - 1]).toEqual(entry.mount ? null : { xml: '<x:color xmlns:x="urn:x">red</x:color>' });
      const xml = renderer.render('/x', entry, undefined);
      names.forEach((name, i) => {
        const value = row[i + 1];
        if (value === null) expect(xml).toContain(`<${emptyPrefix(name)}:${name.local}/>`);
        else if (value === '') expect(xml).toContain(`<${emptyPrefix(name)}:${name.local}/>`);
        else expect(xml).toContain(`<${emptyPrefix(name)}:${name.local}>${String(value)}</${emptyPrefix(name)}:${name.local}>`);
      });
    }
    const shared = JSON.parse(renderer.compactRow('n', mounted, undefined)) as unknown[];
    expect(shared[names.findIndex((name) => name.local === 'owner-display-name') + 1]).toBe('Bob &quot;B&quot;');
    expect(shared[names.findIndex((name) => name.local === 'share-permissions') + 1]).toBe('1');
  });
});

function emptyPrefix(name: PropName): string {
  return Object.entries(ns).find(([, uri]) => uri === name.ns)?.[0] ?? 'd';
}
