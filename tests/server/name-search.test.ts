/**
 * The name index against the real server: folding (case, accents, full-width, CJK, Arabic),
 * substring and prefix, ranking, a change reflected in the next search, received shares under
 * the recipient's own path (and gone at once with the share), nothing for a stranger or a
 * public link's visitor; Nextcloud's unified search (providers, entries, cursor), the shell's
 * JSON search with filters and facets, and WebDAV SEARCH's d:like on d:displayname.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config';
import { searchCommands } from '../../server/src/cli/search-commands';
import type { TestServer } from './helpers';
import { ADMIN, basic, request, startTestServer } from './helpers';

const SHARES = '/ocs/v2.php/apps/files_sharing/api/v1/shares';
const BOB = basic('bob', 'bob-password-1');
const CAROL = basic('carol', 'carol-password-1');

let server: TestServer;

function dav(auth: string, user: string, path: string, init: RequestInit = {}): Promise<Response> {
  return request(server, `/remote.php/dav/files/${user}${path.split('/').map(encodeURIComponent).join('/')}`, { ...init, headers: { authorization: auth, ...(init.headers as Record<string, string> | undefined) } });
}

async function put(path: string, body = 'x', auth = ADMIN, user = 'admin'): Promise<void> {
  expect((await dav(auth, user, path, { method: 'PUT', body })).status).toBe(201);
}

async function share(path: string, shareWith: string): Promise<string> {
  const response = await request(server, `${SHARES}?format=json`, { method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/json', 'ocs-apirequest': 'true' }, body: JSON.stringify({ path, shareType: 0, shareWith, permissions: 1 }) });
  expect(response.status).toBe(200);
  return String(((await response.json()) as { ocs: { data: { id: unknown } } }).ocs.data.id);
}

interface Result {
  path: string;
  name: string;
  rank: number;
  owner?: string;
}

async function find(q: string, auth = ADMIN, extra = ''): Promise<{ status: number; results: Result[]; facets: Record<string, number>; cursor: number | null }> {
  const response = await request(server, `/apps/files/api/v1/search?q=${encodeURIComponent(q)}${extra}`, { headers: { authorization: auth } });
  if (response.status !== 200) return { status: response.status, results: [], facets: {}, cursor: null };
  const body = (await response.json()) as { results: Result[]; facets: Record<string, number>; cursor: number | null };
  return { status: 200, ...body };
}

const paths = async (q: string, auth = ADMIN, extra = ''): Promise<string[]> => (await find(q, auth, extra)).results.map((result) => result.path);

beforeAll(async () => {
  server = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
  await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password-1', displayName: 'Bob' });
  await server.built.accounts.users.create({ uid: 'carol', password: 'carol-password-1', displayName: 'Carol' });
  for (const folder of ['/Projects', '/Projects/2026', '/Projects/2026/Q4', '/Team', '/Team/sub', '/Private']) expect((await dav(ADMIN, 'admin', folder, { method: 'MKCOL' })).status).toBe(201);
  await put('/Projects/2026/Q4/Quarterly Budget.ods');
  await put('/Résumé Éloïse.pdf');
  await put('/ＦＵＬＬＷＩＤＴＨ.txt');
  await put('/東京タワー写真.jpg');
  await put('/تقرير سنوي.docx');
  await put('/budget.txt');
  await put('/old-budget-notes.md');
  await put('/overbudgeted.txt');
  await put('/Team/sub/plan.txt');
  await put('/Private/secret-plan.txt');
  await put('/ab.txt');
}, 60000);
afterAll(() => server.stop());

describe('the name index', () => {
  it('finds a file three folders down by a fragment, ignoring case', async () => {
    expect(await paths('quarter')).toEqual(['/Projects/2026/Q4/Quarterly Budget.ods']);
    expect(await paths('QUARTERLY bud')).toEqual(['/Projects/2026/Q4/Quarterly Budget.ods']);
  });

  it('folds accents and full-width letters both ways, and matches CJK and Arabic', async () => {
    expect(await paths('resume')).toEqual(['/Résumé Éloïse.pdf']);
    expect(await paths('ÉLOÏSE')).toEqual(['/Résumé Éloïse.pdf']);
    expect(await paths('fullwidth')).toEqual(['/ＦＵＬＬＷＩＤＴＨ.txt']);
    expect(await paths('タワー')).toEqual(['/東京タワー写真.jpg']);
    expect(await paths('تقرير')).toEqual(['/تقرير سنوي.docx']);
  });

  it('matches names shorter than three characters by prefix', async () => {
    expect(await paths('ab')).toEqual(['/ab.txt']);
    expect(await paths('東京')).toEqual(['/東京タワー写真.jpg']);
    // Not a prefix of any name: a two-letter term matches no substring.
    expect(await paths('dg')).toEqual([]);
  });

  it('ranks the exact name, then a word start, then a substring', async () => {
    const { results } = await find('budget.txt');
    expect(results.map((result) => [result.path, result.rank])).toEqual([['/budget.txt', 0]]);
    const ranked = await find('budget');
    expect(ranked.results.map((result) => result.rank)).toEqual([...ranked.results.map((result) => result.rank)].sort());
    const order = ranked.results.map((result) => result.path);
    expect(order.indexOf('/overbudgeted.txt')).toBe(order.length - 1);
    expect(order.slice(0, 3).sort()).toEqual(['/Projects/2026/Q4/Quarterly Budget.ods', '/budget.txt', '/old-budget-notes.md']);
  });

  it('reflects a rename, a move and a delete in the next search', async () => {
    await put('/draft-one.txt');
    expect(await paths('draft-one')).toEqual(['/draft-one.txt']);
    const move = (from: string, to: string): Promise<Response> =>
      dav(ADMIN, 'admin', from, { method: 'MOVE', headers: { destination: `${server.url}/remote.php/dav/files/admin${to.split('/').map(encodeURIComponent).join('/')}` } });
    expect((await move('/draft-one.txt', '/draft-two.txt')).status).toBe(201);
    expect(await paths('draft-one')).toEqual([]);
    expect(await paths('draft-two')).toEqual(['/draft-two.txt']);
    expect((await move('/draft-two.txt', '/Projects/draft-two.txt')).status).toBe(201);
    expect(await paths('draft-two')).toEqual(['/Projects/draft-two.txt']);
    // A folder moved takes what it holds along.
    expect((await move('/Projects/2026', '/Projects/Y2026')).status).toBe(201);
    expect(await paths('quarterly')).toEqual(['/Projects/Y2026/Q4/Quarterly Budget.ods']);
    expect((await dav(ADMIN, 'admin', '/Projects/draft-two.txt', { method: 'DELETE' })).status).toBe(204);
    expect(await paths('draft-two')).toEqual([]);
  });

  it('searches a folder and below when asked to', async () => {
    expect(await paths('plan', ADMIN, '&folder=/Team')).toEqual(['/Team/sub/plan.txt']);
    expect((await paths('plan')).sort()).toEqual(['/Private/secret-plan.txt', '/Team/sub/plan.txt']);
  });

  it('filters by type, size and modified time, and counts each type', async () => {
    const all = await find('budget');
    expect(all.facets['spreadsheets']).toBe(1);
    expect(all.facets['documents']).toBe(3);
    expect(await paths('budget', ADMIN, '&type=spreadsheets')).toEqual(['/Projects/Y2026/Q4/Quarterly Budget.ods']);
    expect(await paths('budget', ADMIN, '&sizeMin=2')).toEqual([]);
    expect((await paths('budget', ADMIN, '&modified=today')).length).toBe(4);
    expect(await paths('budget', ADMIN, '&modifiedTo=1000')).toEqual([]);
    expect((await find('budget', ADMIN, '&type=nonsense')).status).toBe(400);
    expect((await find('budget', ADMIN, '&limit=abc')).status).toBe(400);
  });
});

describe('shares and permissions', () => {
  it("finds shared files under the recipient's own path, at once, and loses them with the unshare", async () => {
    expect(await paths('plan', BOB)).toEqual([]);
    const id = await share('/Team', 'bob');
    const found = await find('plan', BOB);
    expect(found.results.map((result) => [result.path, result.owner])).toEqual([['/Team/sub/plan.txt', 'admin']]);
    expect(await paths('plan', BOB, '&owner=shared')).toEqual(['/Team/sub/plan.txt']);
    // The share's own node is found by its name too.
    expect(await paths('team', BOB)).toEqual(['/Team']);
    // Nothing outside the share, not even counted.
    expect(found.facets['documents']).toBe(1);
    expect(await paths('secret', BOB)).toEqual([]);
    expect((await request(server, `${SHARES}/${id}`, { method: 'DELETE', headers: { authorization: ADMIN, 'ocs-apirequest': 'true' } })).status).toBe(200);
    expect(await paths('plan', BOB)).toEqual([]);
  });

  it('gives a stranger nothing of anyone else, and an anonymous visitor nothing at all', async () => {
    const stranger = await find('budget', CAROL);
    expect(stranger.results).toEqual([]);
    expect(Object.values(stranger.facets).every((count) => count === 0)).toBe(true);
    expect((await request(server, '/apps/files/api/v1/search?q=budget')).status).toBe(401);
    expect((await request(server, '/ocs/v2.php/search/providers/files/search?term=budget', { headers: { 'ocs-apirequest': 'true' } })).status).toBe(401);
  });
});

describe("Nextcloud's unified search", () => {
  const ocs = async (path: string, auth = ADMIN): Promise<{ status: number; data: unknown }> => {
    const response = await request(server, `/ocs/v2.php${path}`, { headers: { authorization: auth, 'ocs-apirequest': 'true', accept: 'application/json' } });
    return { status: response.status, data: response.status === 200 ? ((await response.json()) as { ocs: { data: unknown } }).ocs.data : null };
  };

  it('lists the files provider', async () => {
    const { data } = await ocs('/search/providers');
    expect(data).toEqual([expect.objectContaining({ id: 'files', appId: 'files', name: 'Files' })]);
  });

  it('answers entries with the path in the subline and attributes, and a cursor to the next page', async () => {
    const first = (await ocs('/search/providers/files/search?term=budget&limit=2')).data as { name: string; isPaginated: boolean; entries: Record<string, unknown>[]; cursor: number | null };
    expect(first.name).toBe('Files');
    expect(first.isPaginated).toBe(true);
    expect(first.entries).toHaveLength(2);
    expect(first.cursor).toBe(2);
    const quarterly = (await ocs('/search/providers/files/search?term=quarterly')).data as { entries: Record<string, unknown>[]; cursor: number | null };
    const id = (await server.built.files.stat('admin', '/Projects/Y2026/Q4/Quarterly Budget.ods'))?.fileid;
    expect(quarterly.entries).toEqual([
      expect.objectContaining({
        title: 'Quarterly Budget.ods',
        subline: 'in Projects/Y2026/Q4',
        thumbnailUrl: `/index.php/core/preview?fileId=${id}&x=32&y=32`,
        resourceUrl: expect.stringContaining(`/index.php/apps/files/files/${id}`),
        attributes: { fileId: String(id), path: '/Projects/Y2026/Q4/Quarterly Budget.ods' },
      }),
    ]);
    expect(quarterly.cursor).toBeNull();
    const rest = (await ocs('/search/providers/files/search?term=budget&limit=2&cursor=2')).data as { entries: { attributes: { path: string } }[]; cursor: number | null };
    const seen = [...first.entries.map((entry) => (entry.attributes as { path: string }).path), ...rest.entries.map((entry) => entry.attributes.path)];
    expect(new Set(seen).size).toBe(4);
  });

  it('answers 404 for another provider', async () => {
    expect((await ocs('/search/providers/mail/search?term=x')).status).toBe(404);
  });
});

describe('WebDAV SEARCH on d:displayname', () => {
  it('finds names by d:like through the index, accents and case as Nextcloud compares them', async () => {
    const body = (pattern: string): string => `<?xml version="1.0"?><d:searchrequest xmlns:d="DAV:"><d:basicsearch><d:select><d:prop><d:displayname/></d:prop></d:select>
      <d:from><d:scope><d:href>/files/admin</d:href><d:depth>infinity</d:depth></d:scope></d:from>
      <d:where><d:like><d:prop><d:displayname/></d:prop><d:literal>${pattern}</d:literal></d:like></d:where></d:basicsearch></d:searchrequest>`;
    const run = async (pattern: string): Promise<string[]> => {
      const response = await request(server, '/remote.php/dav/', { method: 'SEARCH', headers: { authorization: ADMIN, 'content-type': 'text/xml' }, body: body(pattern) });
      expect(response.status).toBe(207);
      return [...(await response.text()).matchAll(/<d:displayname>([^<]*)<\/d:displayname>/g)].map((match) => match[1] as string).sort();
    };
    expect(await run('%quarterly%')).toEqual(['Quarterly Budget.ods']);
    expect(await run('%BUDGET%')).toEqual(['Quarterly Budget.ods', 'budget.txt', 'old-budget-notes.md', 'overbudgeted.txt']);
    expect(await run('résumé%')).toEqual(['Résumé Éloïse.pdf']);
    expect(await run('b_dget.txt')).toEqual(['budget.txt']);
  });
});

describe('cumulus search:reindex', () => {
  it("refolds a user's names, with a progress bar, and the search finds them again", async () => {
    await sql`update filecache set name_folded = 'broken' where uid = 'admin' and name = 'budget.txt'`.execute(server.built.db);
    expect(await paths('budget.txt')).toEqual([]);
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const io = { stdout, stderr, stdin: new PassThrough(), env: {} };
    const code = await searchCommands['search:reindex']?.run({ positional: [], options: new Map([['user', 'admin']]) }, io, loadConfig({ CUMULUS_DATA_DIR: server.dataDir }));
    expect(code).toBe(0);
    expect(out).toMatch(/^Reindexed \d+ names of admin\.\n$/);
    expect(err).toMatch(/Folding names 100% (\d+)\/\1/);
    expect(await paths('budget.txt')).toEqual(['/budget.txt']);
    await expect(searchCommands['search:reindex']?.run({ positional: [], options: new Map([['user', 'nobody']]) }, io, loadConfig({ CUMULUS_DATA_DIR: server.dataDir }))).rejects.toThrow('The user "nobody" does not exist.');
  });
});
