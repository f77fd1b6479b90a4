/**
 * The malformed requests of the WebDAV fuzz test (`fuzz.test.ts`), drawn from
 * a seeded PRNG so that a seed gives the same requests again: mutated paths
 * (encodings, dot segments, other trees and users, over-long names), odd and
 * huge headers (Depth, Destination, Overwrite, If, X-OC-Mtime,
 * OC-Total-Length, OC-Checksum, Range, conditional headers), truncated and
 * malformed XML bodies with wrong namespaces, bodies whose Content-Length
 * lies, and chunked uploads (`/remote.php/dav/uploads/{uid}/…`) with one step
 * or more gone wrong.
 */
import { mulberry32 } from '../support/prng';

/** One request as the fuzz test sends it. */
export interface FuzzRequest {
  method: string;
  /** The request target, sent byte for byte. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /**
   * Bytes written on a plain socket instead (a Content-Length that lies, broken
   * chunked encoding, characters an HTTP client refuses): the server may close
   * without answering.
   */
  raw?: Buffer;
  /** The Destination names another server: 502 Bad Gateway is then a right answer. */
  foreignDestination?: boolean;
  /** What was mutated, for the report. */
  label: string;
}

/** Requests sent one after the other (an upload's MKCOL, chunks and MOVE); single requests are a case of one. */
export type FuzzCase = FuzzRequest[];

/** What the generated requests refer to. */
export interface FuzzTarget {
  port: number;
  /** The Authorization header every request carries. */
  authorization: string;
}

/** The folder the fuzz test fills before the run; most requests aim into it. */
export const FUZZ_FOLDER = 'fuzz';

/** The fixture under {@link FUZZ_FOLDER}: folders end with `/`. */
export const FUZZ_FIXTURE = ['a.txt', 'sub/', 'sub/b.txt', 'empty/', 'ümlaut é.txt', 'space name/', 'space name/c.txt', 'a name of thirty-two characters.txt'];

const FILES = '/remote.php/dav/files/admin';

type Random = () => number;

class Picker {
  constructor(readonly random: Random) {}

  int(below: number): number {
    return Math.floor(this.random() * below);
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  bytes(length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) out[i] = this.int(256);
    return out;
  }
}

/** Path segments as they appear in a URL (already encoded, or deliberately not). */
const ODD_SEGMENTS = [
  '.', '..', '%2e', '%2e%2e', '%2E%2e', '.%2e', '%2e.', '...', '%252e%252e', '..%2f..%2f..', '..%5c..%5c..',
  '%00', 'a%00b', '%ff', '%c0%ae%c0%ae', '%c0%af', '%', '%z', '%zz', '%e2%82', '%2f', 'a%2fb', '%5c', '\\', 'a\\..\\..',
  '%2520', 'a%20b', '+', '%2B', '~', '.htaccess', '.file', '.ocTransferId123', 'CON', 'nul', 'desktop.ini', '%E2%80%AE',
  'e%CC%81', '%C3%A9', '%F0%9F%98%80', '%EF%BF%BF', '%ED%A0%80', '*', 'a;b', '%3B', '%3F', '%23', "'", '"', '<x>', '%3Cx%3E',
  'x'.repeat(255), '%C3%A9'.repeat(127), 'index.php', 'remote.php', 'status.php', '%2e%2e%2f%2e%2e%2f%2e%2e%2foutside',
];

/** Segments that the issue lists for another fix (names over 255 bytes, control characters). */
const KNOWN_BAD_SEGMENTS = ['x'.repeat(256), '%C3%A9'.repeat(128), '%01', 'a%0Ab', '%1B', '%7F', '%0D%0A'];

/** Trees a path may start in. */
const BASES = [
  FILES, FILES, FILES, FILES, '/remote.php/webdav', '/index.php/remote.php/webdav', '/remote.php/dav/files/ADMIN',
  '/remote.php/dav/files/other', '/remote.php/dav/files/adm%69n', '/remote.php/dav/files/%2e%2e', '/remote.php/dav/files/',
  '/remote.php/dav', '/remote.php/dav/', '/remote.php/dav/uploads/admin', '/remote.php/dav/uploads/other', '//remote.php/dav/files/admin',
  '/remote.php/dav/files/admin/', '/remote.php/dav/principals/users/admin', '/remote.php/dav/files/admin%2f..',
];

/** Names in the fixture, URL-encoded, plus new ones. */
function knownSegments(pick: Picker): string[] {
  return ['a.txt', 'sub', 'b.txt', 'empty', encodeURIComponent('ümlaut é.txt'), 'space%20name', 'c.txt', `new-${pick.int(50)}.txt`, `new-${pick.int(50)}`];
}

function segment(pick: Picker): string {
  if (pick.chance(0.55)) return pick.pick(knownSegments(pick));
  if (pick.chance(0.04)) return pick.pick(KNOWN_BAD_SEGMENTS);
  return pick.pick(ODD_SEGMENTS);
}

/** A request target: mostly inside the fuzz folder, sometimes anywhere. */
function path(pick: Picker): string {
  const roll = pick.random();
  if (roll < 0.02) return `${FILES}/${'d/'.repeat(2100)}x`; // a path over 4096 bytes (a known 500)
  if (roll < 0.04) return `${FILES}/${pick.pick(['../../../outside/pwned.txt', '%2e%2e/%2e%2e/%2e%2e/outside/pwned.txt', '..%2f..%2f..%2foutside%2fpwned.txt', 'fuzz/../../../../outside'])}`;
  const base = pick.chance(0.8) ? FILES : pick.pick(BASES);
  const parts = pick.chance(0.85) ? [FUZZ_FOLDER] : [];
  const count = pick.int(4);
  for (let i = 0; i < count; i += 1) parts.push(segment(pick));
  let result = `${base}/${parts.join('/')}`;
  if (pick.chance(0.15)) result += '/';
  if (pick.chance(0.05)) result = result.replace(/\//g, '//');
  if (pick.chance(0.06)) result += pick.pick(['?', '?a=b', '?%zz', '?downloadStartSecret=1', `?${'q'.repeat(5000)}`, '#frag', '?&&&==']);
  return result;
}

function destination(pick: Picker, target: FuzzTarget): { value: string; foreign: boolean } {
  const host = `http://127.0.0.1:${target.port}`;
  const roll = pick.int(20);
  if (roll < 6) return { value: `${FILES}/${FUZZ_FOLDER}/${segment(pick)}`, foreign: false };
  if (roll < 9) return { value: `${host}${FILES}/${FUZZ_FOLDER}/${segment(pick)}${pick.chance(0.2) ? '/' : ''}`, foreign: false };
  if (roll === 9) return { value: `${pick.pick(['http://example.com', 'https://127.0.0.2:1', 'http://user@evil.example', 'ftp://127.0.0.1'])}${FILES}/x`, foreign: true };
  // This host, outside the user's files: 403, not another server.
  if (roll === 10) return { value: `${host}${pick.pick(['/elsewhere/x', '/index.php', '/remote.php/dav/calendars/admin/x', '/', ''])}`, foreign: false };
  return {
    value: pick.pick([
      '', ' ', 'x', 'relative/path', 'http://', 'http://[::1', '%zz', 'mailto:admin@example.com', '/', `${FILES}`, `${FILES}/`,
      `${FILES}/${FUZZ_FOLDER}/../../../outside/moved`, `${FILES}/${FUZZ_FOLDER}/%2e%2e/%2e%2e/%2e%2e/outside/moved`, `${FILES}/${FUZZ_FOLDER}`,
      `${FILES}/${FUZZ_FOLDER}/sub/deeper`, '/remote.php/dav/files/other/x', '/remote.php/dav/uploads/admin/x', '/remote.php/webdav/fuzz/viaLegacy',
      `${FILES}/${FUZZ_FOLDER}/x?query`, `${FILES}/${FUZZ_FOLDER}/x#frag`, `${FILES}/${'y'.repeat(300)}`, `${FILES}/${FUZZ_FOLDER}/a%00b`,
      `${host}${FILES}/${FUZZ_FOLDER}/%`, `HTTP://127.0.0.1:${target.port}${FILES}/${FUZZ_FOLDER}/upper`, `//127.0.0.1:${target.port}${FILES}/x`,
    ]),
    foreign: false,
  };
}

const HEADER_VALUES: Record<string, readonly string[]> = {
  depth: ['0', '1', 'infinity', 'Infinity', '2', '-1', '', '1,1', 'noinfinity', '0 ', ' 1', '99999999999999999999'],
  overwrite: ['T', 'F', 't', 'f', 'X', '', 'TF', 'T '],
  if: [
    '(<opaquelocktoken:abc>)', '(["etag"])', `<${FILES}/${FUZZ_FOLDER}/a.txt> (<urn:uuid:x>)`, '(Not <DAV:no-lock>)', '(', '<', '((((((((',
    '(<a> ["b"]) (Not ["c"])', '(<opaquelocktoken:', '<http://example.com/x> (<x>)', `(<${'a'.repeat(3000)}>)`, '["unterminated', '()', '(Not)',
    '(<DAV:no-lock>) (Not <DAV:no-lock>)', '(["W/\\"x\\""])',
  ],
  'lock-token': ['<opaquelocktoken:x>', 'x', '<>', '', '<urn:uuid:00000000-0000-0000-0000-000000000000>', '<'],
  timeout: ['Second-3600', 'Second-x', 'Infinite', 'Second-99999999999999999999', '', 'Second--5', 'Infinite, Second-4100000000'],
  'x-oc-mtime': ['0', '1', '-1', '1.5', '1e3', 'abc', '', '4294967296', '-99999999999', '0x10', 'NaN', 'Infinity', '9007199254740993', '1700000000', '99999999999999999999', '-99999999999999999999'],
  'oc-total-length': ['0', '-1', 'abc', '1e20', '1.5', '', '10', '1024', '00000000000000000001', '18446744073709551616'],
  'oc-checksum': [
    'SHA1:da39a3ee5e6b4b0d3255bfef95601890afd80709', 'MD5:', 'SHA1:zz', 'Adler32:x', ':', 'garbage', `SHA256:${'0'.repeat(64)}`,
    `MD5:${'f'.repeat(5000)}`, 'SHA1:da39a3ee5e6b4b0d3255bfef95601890afd80709 MD5:d41d8cd98f00b204e9800998ecf8427e',
  ],
  'content-type': ['application/xml; charset=latin1', 'text/xml; charset=utf-16', 'multipart/form-data; boundary=', 'application/json', 'x'.repeat(1000), ';;;', 'text/xml; charset="'],
  range: ['bytes=0-', 'bytes=5-1', 'bytes=-0', 'bytes=abc', 'bytes=0-0,1-1,2-2', 'bytes=99999999999999999999-', 'items=0-1', 'bytes=-99999999999999999999', 'bytes='],
  'if-match': ['*', '"x"', 'W/"x"', 'garbage', '"', ''],
  'if-none-match': ['*', '"x"', 'W/"x"', 'garbage', '"', ''],
  'if-modified-since': ['Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', '', 'Sat, 99 Foo 99999 99:99:99 GMT'],
  'if-unmodified-since': ['Thu, 01 Jan 1970 00:00:00 GMT', 'tomorrow', 'Fri, 31 Dec 9999 23:59:59 GMT'],
  'accept-encoding': ['br;q=abc', 'gzip, deflate, br, zstd, *', 'identity;q=0, *;q=0', 'x'.repeat(2000), ''],
  'x-requested-with': ['XMLHttpRequest', ''],
  cookie: ['cumulus_session=garbage', 'cumulus_session=', '=;=;=', `a=${'b'.repeat(4000)}`],
  'content-range': ['bytes 0-1/2', 'bytes */*', 'garbage'],
  'oc-chunked': ['1', 'yes', ''],
  host: ['evil.example', '127.0.0.1', '', '[::1]:1', 'a'.repeat(300)],
};

/** Adds 0–4 odd headers, sometimes a huge one or a hundred small ones. */
function oddHeaders(pick: Picker, target: FuzzTarget, headers: Record<string, string>): boolean {
  let foreign = false;
  const count = pick.int(5);
  const names = Object.keys(HEADER_VALUES);
  for (let i = 0; i < count; i += 1) {
    const name = pick.pick(names);
    headers[name] = pick.pick(HEADER_VALUES[name] ?? ['']);
  }
  if (pick.chance(0.25)) {
    const dest = destination(pick, target);
    headers.destination = dest.value;
    foreign = dest.foreign;
  }
  if (pick.chance(0.02)) headers['x-fuzz-huge'] = 'h'.repeat(pick.pick([4000, 15000, 40000]));
  if (pick.chance(0.02)) for (let i = 0; i < 100; i += 1) headers[`x-fuzz-${i}`] = String(i);
  // A Host other than the one in a Destination with our address turns it into another server's.
  if (headers.host !== undefined && headers.destination?.includes('://')) foreign = true;
  return foreign;
}

const NAMESPACES = [
  'xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"',
  'xmlns:d="DAV" xmlns:oc="http://owncloud.org/ns"', // DAV without the colon
  'xmlns:d="" xmlns:oc="http://owncloud.org/ns"',
  'xmlns="DAV:"',
  '',
  'xmlns:d="urn:wrong" xmlns:oc="DAV:"',
  'xmlns:d="DAV:" xmlns:d="DAV:"',
];

const PROPS = [
  'd:getcontentlength', 'd:getetag', 'd:resourcetype', 'd:getlastmodified', 'd:displayname', 'd:quota-available-bytes', 'd:lockdiscovery',
  'd:supportedlock', 'oc:fileid', 'oc:id', 'oc:favorite', 'oc:permissions', 'oc:size', 'oc:checksums', 'nc:has-preview', 'oc:share-types',
  'nc:upload_time', 'x:unknown', 'oc:', 'd:getcontentlength/', 'oc:tags', 'd:current-user-privilege-set', `oc:${'p'.repeat(2000)}`,
];

function propList(pick: Picker): string {
  const count = pick.chance(0.02) ? 3000 : pick.int(8);
  const items: string[] = [];
  for (let i = 0; i < count; i += 1) items.push(`<${pick.pick(PROPS)}/>`);
  return items.join('');
}

/** Nesting a handful to a few hundred deep (the issue's 60,000-deep body is a separate, known case). */
function nested(pick: Picker, inner: string): string {
  const depth = pick.pick([5, 50, 300, 1000]);
  return `${'<d:prop>'.repeat(depth)}${inner}${'</d:prop>'.repeat(depth)}`;
}

function xmlBody(pick: Picker, method: string): string {
  const ns = pick.chance(0.7) ? NAMESPACES[0] : pick.pick(NAMESPACES);
  const decl = pick.pick(['<?xml version="1.0" encoding="utf-8"?>', '', '<?xml version="1.0" encoding="latin1"?>', '\ufeff<?xml version="1.0"?>', '<?xml version="2.0"?>']);
  let doc: string;
  switch (method) {
    case 'PROPFIND':
      doc = pick.pick([
        `<d:propfind ${ns}><d:prop>${propList(pick)}</d:prop></d:propfind>`,
        `<d:propfind ${ns}><d:allprop/></d:propfind>`,
        `<d:propfind ${ns}><d:propname/></d:propfind>`,
        `<d:propfind ${ns}><d:allprop/><d:include>${propList(pick)}</d:include></d:propfind>`,
        `<d:propfind ${ns}>${nested(pick, '<d:getetag/>')}</d:propfind>`,
        `<d:propfind ${ns}><d:prop/><d:prop/></d:propfind>`,
        `<d:propfind ${ns}/>`,
        `<d:propfind ${ns}><d:prop><d:getetag>text</d:getetag></d:prop></d:propfind>`,
      ]);
      break;
    case 'PROPPATCH': {
      const value = pick.pick(['1', '0', 'abc', '', 'v'.repeat(pick.pick([100, 70000])), '<x:inner xmlns:x="urn:x">deep</x:inner>', '<![CDATA[<raw>]]>', '&amp;&lt;', '\u0000']);
      const prop = pick.pick(['oc:favorite', 'd:getetag', 'd:resourcetype', 'd:displayname', 'x:custom', 'd:getlastmodified', 'nc:hidden', 'oc:fileid', 'y:other', 'd:lockdiscovery']);
      const ops = [`<d:set><d:prop><${prop} xmlns:x="urn:x" xmlns:y="urn:y">${value}</${prop}></d:prop></d:set>`, `<d:remove><d:prop><${prop} xmlns:x="urn:x" xmlns:y="urn:y"/></d:prop></d:remove>`, '<d:set/>', '<d:remove><d:prop/></d:remove>', '<d:set><d:prop><x:empty xmlns:x=""/></d:prop></d:set>'];
      doc = `<d:propertyupdate ${ns}>${pick.pick(ops)}${pick.chance(0.3) ? pick.pick(ops) : ''}</d:propertyupdate>`;
      break;
    }
    case 'LOCK':
      doc = pick.pick([
        `<d:lockinfo ${ns}><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype><d:owner><d:href>fuzz</d:href></d:owner></d:lockinfo>`,
        `<d:lockinfo ${ns}><d:lockscope><d:shared/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockinfo>`,
        `<d:lockinfo ${ns}><d:lockscope/><d:locktype/></d:lockinfo>`,
        `<d:lockinfo ${ns}><d:lockscope><d:exclusive/><d:shared/></d:lockscope><d:locktype><d:read/></d:locktype><d:owner>${'o'.repeat(5000)}</d:owner></d:lockinfo>`,
        `<d:lockinfo ${ns}/>`,
      ]);
      break;
    case 'REPORT':
      doc = pick.pick([
        `<oc:filter-files ${ns}><d:prop>${propList(pick)}</d:prop><oc:filter-rules><oc:favorite>${pick.pick(['1', '0', 'x', ''])}</oc:favorite></oc:filter-rules></oc:filter-files>`,
        `<oc:filter-files ${ns}><oc:filter-rules><oc:systemtag>${pick.pick(['1', 'abc', '-1'])}</oc:systemtag><oc:unknown/></oc:filter-rules></oc:filter-files>`,
        `<oc:filter-files ${ns}/>`,
        `<d:sync-collection ${ns}><d:sync-token>${pick.pick(['', 'garbage', 'http://example.com/ns/sync/1'])}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
        `<d:expand-property ${ns}><d:property name="x"/></d:expand-property>`,
        `<x:unknown-report xmlns:x="urn:x"/>`,
        `<oc:filter-files ${ns}><oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules><d:limit><d:nresults>${pick.pick(['-1', 'abc', '99999999999', '0'])}</d:nresults></d:limit></oc:filter-files>`,
      ]);
      break;
    case 'SEARCH': {
      const scope = pick.pick([`${FILES}/${FUZZ_FOLDER}`, FILES, '/files/admin', '/files/other', `${FILES}/../../..`, '', 'x', `${FILES}/${FUZZ_FOLDER}/a.txt`, '/remote.php/dav/files/admin/%2e%2e']);
      const literal = Array.from({ length: pick.int(12) }, () => pick.pick(['a', '.', '%', '_', '\\', '*', '[', '(', 'é', 'txt'])).join('');
      const where = pick.pick([
        `<d:like><d:prop><d:displayname/></d:prop><d:literal>${literal}</d:literal></d:like>`,
        `<d:eq><d:prop><oc:favorite/></d:prop><d:literal>${pick.pick(['1', 'x', ''])}</d:literal></d:eq>`,
        `<d:gt><d:prop><d:getcontentlength/></d:prop><d:literal>${pick.pick(['1', 'abc', '-1e400'])}</d:literal></d:gt>`,
        `<d:lt><d:prop><d:getlastmodified/></d:prop><d:literal>${pick.pick(['yesterday', '2020-01-01T00:00:00Z', ''])}</d:literal></d:lt>`,
        `<d:and><d:is-collection/><d:not><d:eq><d:prop><d:getcontenttype/></d:prop><d:literal>x</d:literal></d:eq></d:not></d:and>`,
        '<d:or/>', '<d:and/>', '<d:not/>', '<d:like/>', '<d:unknown/>', '',
      ]);
      doc =
        `<d:searchrequest ${ns}><d:basicsearch><d:select><d:prop>${propList(pick)}</d:prop></d:select>` +
        `<d:from><d:scope><d:href>${scope}</d:href><d:depth>${pick.pick(['infinity', '1', '0', 'x'])}</d:depth></d:scope></d:from>` +
        `<d:where>${where}</d:where><d:orderby><d:order><d:prop><${pick.pick(PROPS)}/></d:prop><d:${pick.pick(['ascending', 'descending', 'sideways'])}/></d:order></d:orderby>` +
        `<d:limit><d:nresults>${pick.pick(['10', '-1', 'abc', '99999999999', '0', ''])}</d:nresults><ns:firstresult xmlns:ns="https://github.com/icewind1991/SearchDAV/ns">${pick.pick(['0', '5', '-3', 'x'])}</ns:firstresult></d:limit></d:basicsearch></d:searchrequest>`;
      break;
    }
    default:
      doc = `<d:${pick.pick(['propfind', 'propertyupdate', 'lockinfo', 'mkcol'])} ${ns}><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop></d:${pick.pick(['propfind', 'x'])}>`;
  }
  return `${decl}${doc}`;
}

/** A body: well-formed, cut short, mangled, an entity bomb, not XML, or random bytes. */
function body(pick: Picker, method: string): Buffer {
  const xml = xmlBody(pick, method);
  const roll = pick.int(20);
  if (roll < 10) return Buffer.from(xml);
  if (roll < 13) return Buffer.from(xml.slice(0, pick.int(xml.length)));
  if (roll === 13) return Buffer.from(xml.replace(/<\/?d:/g, () => pick.pick(['<', '</', '<d:', '<<', '</x:', '<d: '])));
  if (roll === 14) {
    return Buffer.from(
      pick.pick([
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY e "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><d:propfind xmlns:d="DAV:"><d:prop><d:x>&e;&e;&e;</d:x></d:prop></d:propfind>',
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop><d:x>&x;</d:x></d:prop></d:propfind>',
        '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><![CDATA[<d:getetag/>]]></d:prop></d:propfind>',
        '<d:propfind xmlns:d="DAV:"><d:prop>&undefined;</d:prop></d:propfind>',
        `<d:propfind xmlns:d="DAV:" a="${'v'.repeat(100000)}"><d:allprop/></d:propfind>`,
      ]),
    );
  }
  if (roll === 15) return Buffer.concat([Buffer.from(xml.slice(0, 40)), pick.bytes(20), Buffer.from(xml.slice(40))]);
  if (roll === 16) return Buffer.from(`\ufeff${xml}`, 'utf16le');
  if (roll === 17) return Buffer.from(pick.pick(['{"json": true}', 'hello', '<', '<>', '<?xml?>', '\u0000\u0000', ' ', '<a></b>', '<a/><b/>']));
  if (roll === 18) return pick.chance(0.1) ? Buffer.alloc(1024 * 1024 + 10, 'x') : Buffer.alloc(0);
  return pick.bytes(pick.int(2000));
}

const METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'PUT', 'GET', 'HEAD', 'DELETE', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'REPORT', 'SEARCH', 'OPTIONS'];
const XML_METHODS = new Set(['PROPFIND', 'PROPPATCH', 'LOCK', 'REPORT', 'SEARCH']);

/** A request line and headers written out by hand, with the body that follows them. */
function rawBytes(method: string, target: string, headers: Record<string, string>, payload: Buffer): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/** Requests an HTTP client would refuse to send: lying lengths, broken framing, odd request lines. */
function rawRequest(pick: Picker, target: FuzzTarget): FuzzRequest {
  const method = pick.pick(METHODS);
  const payload = XML_METHODS.has(method) ? body(pick, method) : pick.bytes(pick.int(3000));
  const headers: Record<string, string> = { host: `127.0.0.1:${target.port}`, authorization: target.authorization };
  const where = path(pick);
  const kind = pick.int(10);
  let raw: Buffer;
  let label: string;
  switch (kind) {
    case 0:
      label = 'Content-Length larger than the body';
      raw = rawBytes(method, where, { ...headers, 'content-length': String(payload.length + 1 + pick.int(100000)) }, payload);
      break;
    case 1:
      label = 'Content-Length smaller than the body';
      raw = rawBytes(method, where, { ...headers, 'content-length': String(pick.int(payload.length + 1)) }, payload);
      break;
    case 2:
      label = 'broken chunked encoding';
      raw = rawBytes(method, where, { ...headers, 'transfer-encoding': 'chunked' }, Buffer.concat([Buffer.from(pick.pick(['zz\r\n', 'ffffffffffffffff\r\n', '5\r\nabc', '3\r\nabc\r\n', '-1\r\n', '1;ext=\u0001\r\nx\r\n0\r\n\r\n'])), payload.subarray(0, 100)]));
      break;
    case 3:
      label = 'both Content-Length and Transfer-Encoding';
      raw = rawBytes(method, where, { ...headers, 'content-length': String(payload.length), 'transfer-encoding': 'chunked' }, payload);
      break;
    case 4:
      label = 'space or control character in the path';
      raw = rawBytes(method, `${FILES}/${FUZZ_FOLDER}/${pick.pick(['a b', 'a\tb', 'tab\u0001', 'a\u007fb', 'é', '\u00ff'])}`, { ...headers, 'content-length': '0' }, Buffer.alloc(0));
      break;
    case 5:
      label = 'headers cut short';
      raw = Buffer.from(`${method} ${where} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${target.authorization}\r\ncontent-le`, 'latin1');
      break;
    case 6:
      label = 'absolute-form target or HTTP/1.0';
      raw = Buffer.from(`${method} ${pick.pick([`http://127.0.0.1:${target.port}${where}`, where, '*'])} HTTP/1.${pick.int(2)}\r\nhost: 127.0.0.1:${target.port}\r\nauthorization: ${target.authorization}\r\ncontent-length: 0\r\n\r\n`, 'latin1');
      break;
    case 7:
      label = 'malformed header lines';
      raw = Buffer.from(`${method} ${where} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${target.authorization}\r\n${pick.pick(['no colon here', ' folded: value', 'x-nul: a\u0000b', `${'n'.repeat(20000)}: v`, 'depth:\u00011'])}\r\ncontent-length: 0\r\n\r\n`, 'latin1');
      break;
    case 8:
      label = 'two requests in one write';
      raw = Buffer.concat([rawBytes(method, where, { ...headers, 'content-length': String(payload.length) }, payload), rawBytes('PROPFIND', `${FILES}/${FUZZ_FOLDER}`, { ...headers, depth: '0', 'content-length': '0' }, Buffer.alloc(0))]);
      break;
    default:
      label = 'Expect: 100-continue, body never sent';
      raw = rawBytes(method, where, { ...headers, expect: '100-continue', 'content-length': String(1 + pick.int(1000000)) }, Buffer.alloc(0));
  }
  return { method, path: where, headers: {}, raw, label: `raw: ${label}` };
}

/**
 * A SEARCH whose `d:like` is a run of wildcards over the fixture's 35-character
 * name: the issue's pattern that once stalled the server for everyone.
 */
function wildcardSearch(pick: Picker, target: FuzzTarget): FuzzRequest {
  const literal = `${'%'.repeat(10 + pick.int(21))}${pick.pick(['a', '', '_', 'x'])}`;
  const body =
    `<?xml version="1.0"?><d:searchrequest ${NAMESPACES[0]}><d:basicsearch><d:select><d:prop><d:displayname/></d:prop></d:select>` +
    `<d:from><d:scope><d:href>${FILES}/${FUZZ_FOLDER}</d:href><d:depth>infinity</d:depth></d:scope></d:from>` +
    `<d:where><d:like><d:prop><d:displayname/></d:prop><d:literal>${literal}</d:literal></d:like></d:where><d:orderby/></d:basicsearch></d:searchrequest>`;
  return { method: 'SEARCH', path: '/remote.php/dav/', headers: { authorization: target.authorization, 'content-type': 'text/xml' }, body: Buffer.from(body), label: 'SEARCH: run of wildcards' };
}

/** One request with a mutated path, headers and body. */
function singleRequest(pick: Picker, target: FuzzTarget): FuzzRequest {
  if (pick.chance(0.002)) return wildcardSearch(pick, target);
  if (pick.chance(0.08)) return rawRequest(pick, target);
  const method = pick.chance(0.03) ? pick.pick(['POST', 'PATCH', 'TRACE', 'FOO', 'ACL', 'MKCALENDAR', 'BIND', 'VERSION-CONTROL']) : pick.pick(METHODS);
  const headers: Record<string, string> = { authorization: target.authorization };
  const foreignDestination = oddHeaders(pick, target, headers);
  let payload: Buffer | undefined;
  if (XML_METHODS.has(method)) payload = pick.chance(0.9) ? body(pick, method) : undefined;
  else if (method === 'PUT') payload = pick.chance(0.8) ? pick.bytes(pick.int(pick.chance(0.1) ? 200000 : 2000)) : body(pick, 'PROPFIND');
  else if (pick.chance(0.1)) payload = body(pick, pick.pick(['PROPFIND', 'PROPPATCH']));
  const path_ = method === 'SEARCH' && pick.chance(0.7) ? pick.pick(['/remote.php/dav', '/remote.php/dav/', path(pick)]) : path(pick);
  return { method, path: path_, headers, ...(payload ? { body: payload } : {}), foreignDestination, label: method };
}

const UPLOAD_IDS = ['..', '%2e%2e', 'a%2fb', 'x'.repeat(300), '%00', '.', '%', 'web-file-upload-0123456789abcdef', 'CON', '%C3%A9'];

/** A chunked upload (v2 with a Destination, or the older style without) with some of its steps gone wrong. */
function uploadCase(pick: Picker, target: FuzzTarget, n: number): FuzzCase {
  const auth = { authorization: target.authorization };
  const id = pick.chance(0.8) ? `fuzz-upload-${n}` : pick.pick(UPLOAD_IDS);
  const folder = `/remote.php/dav/uploads/admin/${id}`;
  const good = `${FILES}/${FUZZ_FOLDER}/uploaded-${n}.bin`;
  const dest = pick.chance(0.7) ? { value: good, foreign: false } : destination(pick, target);
  const v2 = pick.chance(0.85);
  const steps: FuzzCase = [];
  const mkcolHeaders: Record<string, string> = { ...auth, ...(v2 ? { destination: dest.value } : {}) };
  const mkcolForeign = pick.chance(0.2) && oddHeaders(pick, target, mkcolHeaders);
  const keptDestination = mkcolHeaders.destination === dest.value;
  steps.push({ method: 'MKCOL', path: folder, headers: mkcolHeaders, ...(pick.chance(0.05) ? { body: Buffer.from('<x/>') } : {}), foreignDestination: mkcolForeign || (keptDestination && dest.foreign), label: 'upload: MKCOL' });
  const chunks = 1 + pick.int(4);
  const size = 1 + pick.int(4000);
  const total = chunks * size;
  for (let i = 1; i <= chunks; i += 1) {
    const name = pick.chance(0.85) ? (v2 ? String(i) : `${String((i - 1) * size).padStart(15, '0')}-${String(i * size - 1).padStart(15, '0')}`) : pick.pick(['0', '10001', '-1', 'abc', '1-2', '99999999999999999999', '1.5', '.file', '%2e%2e', '', 'x'.repeat(300), `${i}/${i}`]);
    const headers: Record<string, string> = { ...auth, 'oc-total-length': pick.chance(0.85) ? String(total) : pick.pick(HEADER_VALUES['oc-total-length'] ?? ['']), ...(v2 ? { destination: dest.value } : {}) };
    const chunkForeign = pick.chance(0.15) && oddHeaders(pick, target, headers);
    const payload = pick.bytes(pick.chance(0.9) ? size : pick.int(size * 2));
    if (pick.chance(0.06)) {
      steps.push({ method: 'PUT', path: `${folder}/${name}`, headers: {}, raw: rawBytes('PUT', `${folder}/${name}`, { host: `127.0.0.1:${target.port}`, ...headers, 'content-length': String(size + 10) }, payload.subarray(0, size)), label: 'upload: raw chunk cut short' });
    } else {
      steps.push({ method: 'PUT', path: `${folder}/${name}`, headers, body: payload, foreignDestination: chunkForeign, label: 'upload: PUT chunk' });
    }
  }
  const roll = pick.int(10);
  if (roll === 0) steps.push({ method: 'DELETE', path: folder, headers: auth, label: 'upload: DELETE' });
  else if (roll === 1) steps.push({ method: 'PROPFIND', path: folder, headers: { ...auth, depth: pick.pick(['0', '1', 'infinity']) }, body: body(pick, 'PROPFIND'), label: 'upload: PROPFIND' });
  else if (roll === 2) steps.push({ method: pick.pick(['GET', 'COPY', 'PROPPATCH', 'LOCK']), path: `${folder}/1`, headers: { ...auth, destination: good }, label: 'upload: other method on a chunk' });
  const moveHeaders: Record<string, string> = { ...auth, destination: dest.value, 'oc-total-length': pick.chance(0.8) ? String(total) : pick.pick(HEADER_VALUES['oc-total-length'] ?? ['']) };
  const oddForeign = pick.chance(0.4) && oddHeaders(pick, target, moveHeaders);
  if (pick.chance(0.25)) moveHeaders['x-oc-mtime'] = pick.pick(HEADER_VALUES['x-oc-mtime'] ?? ['']);
  if (pick.chance(0.15)) moveHeaders['oc-checksum'] = pick.pick(HEADER_VALUES['oc-checksum'] ?? ['']);
  const moveName = pick.chance(0.9) ? '.file' : pick.pick(['file', '1', '.file/', '%2efile']);
  const moveForeign = moveHeaders.destination === dest.value ? dest.foreign || oddForeign : oddForeign;
  steps.push({ method: 'MOVE', path: `${folder}/${moveName}`, headers: moveHeaders, foreignDestination: moveForeign, label: 'upload: MOVE .file' });
  if (pick.chance(0.15)) steps.push({ method: 'MOVE', path: `${folder}/.file`, headers: moveHeaders, foreignDestination: moveForeign, label: 'upload: MOVE .file again' });
  return steps;
}

/**
 * The cases of a run: `count` requests in all, about one in six in a chunked
 * upload. The same seed and count give the same cases.
 */
export function fuzzCases(seed: number, count: number, target: FuzzTarget): FuzzCase[] {
  const pick = new Picker(mulberry32(seed));
  const cases: FuzzCase[] = [];
  let requests = 0;
  while (requests < count) {
    const item = pick.chance(0.05) ? uploadCase(pick, target, cases.length) : [singleRequest(pick, target)];
    cases.push(item);
    requests += item.length;
  }
  return cases;
}
