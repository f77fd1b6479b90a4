import { describe, expect, it } from '@jest/globals';
import type { PluginNode, PluginNodeQuery, PluginReportRequest, PluginUserTree, PluginXmlElement } from '@cumulus/server/plugin-api';
import { isServerPluginDefinition } from '@cumulus/server/plugin-api';
import plugin from './index';
import { FILTER_FILES, filterFiles, phpSlice } from './filter-files';

const DAV = 'DAV:';
const OC = 'http://owncloud.org/ns';
const NC = 'http://nextcloud.org/ns';
const el = (ns: string, local: string, ...children: (PluginXmlElement | string)[]): PluginXmlElement => ({ ns, local, attributes: {}, children });
const node = (path: string, type: 'file' | 'folder' = 'file'): PluginNode => ({ uid: 'alice', fileid: path.length, path, name: path.slice(path.lastIndexOf('/') + 1), type, size: 0, mtime: 0, etag: '', mime: '' });

/** A tree with a folder /docs holding favorites, recording what the handler asked. */
function tree(favorites: PluginNode[], asked: PluginNodeQuery[] = []): PluginUserTree {
  return {
    stat: (path) => Promise.resolve(path === '/' || path === '/docs' ? node(path, 'folder') : path === '/a.txt' ? node(path) : null),
    find: (query) => {
      asked.push(query);
      return Promise.resolve(favorites);
    },
  };
}

const request = (report: PluginXmlElement, path = '/', favorites: PluginNode[] = [node('/a.txt'), node('/docs', 'folder'), node('/docs/b.txt')], asked: PluginNodeQuery[] = []): PluginReportRequest => ({
  uid: 'alice',
  path,
  report,
  tree: tree(favorites, asked),
});

const favoritesRule = (value = '1') => el(OC, 'filter-rules', el(OC, 'favorite', value));

describe("the Favorites plugin's REPORT oc:filter-files", () => {
  it('registers its handler for {http://owncloud.org/ns}filter-files', async () => {
    expect(isServerPluginDefinition(plugin)).toBe(true);
    const reports: { report: string }[] = [];
    const registry = { register: (entry: { report: string }) => (reports.push(entry), () => undefined) };
    await plugin.activate({ reports: registry } as never);
    expect(reports.map((entry) => entry.report)).toEqual([FILTER_FILES]);
  });

  it("lists the favorites below the folder, for any value of oc:favorite, asking the tree for favorites below the report's path", async () => {
    const asked: PluginNodeQuery[] = [];
    const answer = await filterFiles(request(el(OC, 'filter-files', el(DAV, 'prop', el(OC, 'fileid')), favoritesRule('0')), '/docs', undefined, asked));
    expect(answer).toEqual({ nodes: [node('/a.txt'), node('/docs', 'folder'), node('/docs/b.txt')] });
    expect(asked).toEqual([{ below: '/docs', favorite: true }]);
  });

  it('400 without filter rules or with an empty block, 412 for a system tag, nothing for rules that select nothing', async () => {
    const missing = { failure: { status: 400, message: 'Missing filter-rule block in request' } };
    expect(await filterFiles(request(el(OC, 'filter-files', el(DAV, 'prop'))))).toEqual(missing);
    expect(await filterFiles(request(el(OC, 'filter-files', el(OC, 'filter-rules', ' '))))).toEqual(missing);
    expect(await filterFiles(request(el(OC, 'filter-files', el(OC, 'filter-rules', el(OC, 'favorite', '1'), el(OC, 'systemtag', '4')))))).toEqual({
      failure: { status: 412, message: 'Cannot filter by non-existing tag' },
    });
    expect(await filterFiles(request(el(OC, 'filter-files', el(OC, 'filter-rules', el(OC, 'circle', 'x')))))).toEqual({ nodes: [] });
  });

  it('is not this report on a file (the server then answers 415) nor on a missing node', async () => {
    expect(await filterFiles(request(el(OC, 'filter-files', favoritesRule()), '/a.txt'))).toBeUndefined();
    expect(await filterFiles(request(el(OC, 'filter-files', favoritesRule()), '/gone'))).toBeUndefined();
  });

  it('pages with d:limit (d:nresults, nc:firstresult) as PHP slices', async () => {
    const limit = (n: string, first?: string) => el(DAV, 'limit', el(DAV, 'nresults', n), ...(first === undefined ? [] : [el(NC, 'firstresult', first)]));
    const paths = async (...parts: PluginXmlElement[]) => {
      const answer = await filterFiles(request(el(OC, 'filter-files', favoritesRule(), ...parts)));
      return answer && 'nodes' in answer ? answer.nodes.map((n) => n.path) : answer;
    };
    expect(await paths(limit('2'))).toEqual(['/a.txt', '/docs']);
    expect(await paths(limit('2', '1'))).toEqual(['/docs', '/docs/b.txt']);
    expect(await paths(limit('abc'))).toEqual([]);
    expect(phpSlice([1, 2, 3, 4], -2, undefined)).toEqual([3, 4]);
    expect(phpSlice([1, 2, 3, 4], 1, -1)).toEqual([2, 3]);
  });
});
