import { describe, expect, it } from '@jest/globals';
import { CompactListingReader } from './compactListing';
import { ResponseNodeBuilder } from '@cumulus/sdk';
import type { DavPropValue, DavResponse, Node } from '@cumulus/sdk';

const FOLDER = '/remote.php/dav/files/alice/Docs/';
const HEAD = JSON.stringify({ props: ['{DAV:}getetag', '{DAV:}resourcetype', '{DAV:}displayname', '{http://owncloud.org/ns}share-types', '{urn:x}color'], total: 3 });

/** Reads `lines` (joined by newlines) in pieces of `piece` characters. */
function read(lines: unknown[], piece = Infinity): { responses: DavResponse[]; resets: number } {
  const responses: DavResponse[] = [];
  let resets = 0;
  const reader = new CompactListingReader(FOLDER, { onResponse: (response) => responses.push(response), onReset: () => (resets += 1) });
  const text = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n';
  for (let at = 0; at < text.length; at += Number.isFinite(piece) ? piece : text.length) reader.write(text.slice(at, at + (Number.isFinite(piece) ? piece : text.length)));
  reader.end();
  return { responses, resets };
}

const ROWS = [
  ['', '&quot;f1&quot;', '<d:collection/>', '', '', null],
  ['a b&c.txt', '&quot;e1&quot;', '', 'a b&amp;c.txt', '<oc:share-type>0</oc:share-type><oc:share-type>3</oc:share-type>', { xml: '<color xmlns="urn:x">red</color>' }],
  ['sub', '&quot;e2&quot;', '<d:collection/>', 'sub', '', null],
];

describe('CompactListingReader', () => {
  it('gives each row as the response the multistatus reader would, whatever the pieces', () => {
    const whole = read([HEAD, ...ROWS, { done: true, count: 3 }]);
    expect(whole.responses).toEqual([
      { href: FOLDER, props: { getetag: '"f1"', resourcetype: { collection: '' }, displayname: '', 'share-types': '' } },
      { href: `${FOLDER}a%20b%26c.txt`, props: { getetag: '"e1"', resourcetype: '', displayname: 'a b&c.txt', 'share-types': { 'share-type': ['0', '3'] }, color: 'red' } },
      { href: `${FOLDER}sub`, props: { getetag: '"e2"', resourcetype: { collection: '' }, displayname: 'sub', 'share-types': '' } },
    ]);
    for (const piece of [1, 7, 64]) expect(read([HEAD, ...ROWS, { done: true, count: 3 }], piece)).toEqual(whole);
  });

  it('reads each row right when a column repeats, changes and comes back (entities in an ETag included)', () => {
    const etags = ['&quot;e1&quot;', '&quot;e1&quot;', '&quot;x&amp;y&quot;', 'W/&quot;e1&quot;', '&quot;e1&quot;', '&quot;&quot;', '&quot;&#x41;&quot;'];
    const rows = etags.map((etag, i) => [`f${i}`, etag, i % 2 === 0 ? '' : '<d:collection/>', `f&lt;${i % 3}`, '', null]);
    const { responses } = read([HEAD, ROWS[0], ...rows, { done: true, count: rows.length + 1 }]);
    expect(responses.slice(1).map((response) => response.props['getetag'])).toEqual(['"e1"', '"e1"', '"x&y"', 'W/"e1"', '"e1"', '""', '"A"']);
    expect(responses.slice(1).map((response) => response.props['resourcetype'])).toEqual(rows.map((_, i) => (i % 2 === 0 ? '' : { collection: '' })));
    expect(responses.slice(1).map((response) => response.props['displayname'])).toEqual(rows.map((_, i) => `f<${i % 3}`));
  });

  it('gives rows as values by column (a row with a dead property as its response), and they make the nodes the responses make', () => {
    const context = { davUrl: 'http://cloud/remote.php/dav', root: '/files/alice' };
    const byResponse = new ResponseNodeBuilder(context);
    const expected = read([HEAD, ...ROWS, { done: true, count: 3 }]).responses.map((response) => byResponse.build(response).node);
    const byRow = new ResponseNodeBuilder(context);
    const nodes: Node[] = [];
    const rowNames: string[] = [];
    const reader: CompactListingReader = new CompactListingReader(FOLDER, {
      onResponse: (response) => nodes.push(byRow.build(response).node),
      onRow: (name: string, values: readonly (DavPropValue | null)[]) => {
        rowNames.push(name);
        nodes.push(byRow.buildRow(FOLDER, name, values, byRow.columns(reader.columns ?? [])).node);
      },
      onReset: () => undefined,
    });
    reader.write(`${[HEAD, ...ROWS, { done: true, count: 3 }].map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`);
    reader.end();
    expect(rowNames).toEqual(['', 'sub']);
    expect(nodes).toEqual(expected);
    expect(nodes[1]?.attributes['color']).toBe('red');
  });

  it('reports a reset, and counts the rows after it', () => {
    const { responses, resets } = read([HEAD, ROWS[0], ROWS[1], { reset: true, total: 2 }, ROWS[0], ROWS[2], { done: true, count: 2 }]);
    expect(resets).toBe(1);
    expect(responses.map((response) => response.href)).toEqual([FOLDER, `${FOLDER}a%20b%26c.txt`, FOLDER, `${FOLDER}sub`]);
  });

  it('refuses a listing cut off, with rows missing, malformed lines or rows of the wrong width', () => {
    expect(() => read([HEAD, ...ROWS])).toThrow('Invalid response: the listing ended early');
    expect(() => read([HEAD, ...ROWS, { done: true, count: 4 }])).toThrow('announced 4 rows and sent 3');
    expect(() => read([HEAD, '["x", "1"', { done: true, count: 0 }])).toThrow('not JSON');
    expect(() => read([HEAD, ['x', 'only one'], { done: true, count: 1 }])).toThrow('malformed row');
    expect(() => read([ROWS[0], { done: true, count: 1 }])).toThrow('malformed row');
    expect(() => read([HEAD, ['x', 1, '', '', '', null], { done: true, count: 1 }])).toThrow('malformed value');
    expect(() => read([HEAD, { done: true, count: 0 }, ROWS[0]])).toThrow('after the end');
    expect(() => read([HEAD, 42, { done: true, count: 0 }])).toThrow('unexpected line');
  });
});
