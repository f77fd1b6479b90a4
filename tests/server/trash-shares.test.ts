import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Fetcher, TrashListing } from '../support/trashbin';
import { fetcher, itemOf, listTrash, restoreItem } from '../support/trashbin';
import type { TestServer } from './helpers';
import { basic, startTestServer } from './helpers';

/**
 * The trash with the sharing plugin, against the real server (both plugins of the
 * repository's plugins folder): a node a share's recipient deletes goes to its owner's trash,
 * at the location the owner knows it by and marked as deleted by the recipient; deleting the
 * share root unshares it and trashes nothing (plugins-protocol.md §4, §6.5).
 */
describe('the trash of shared folders', () => {
  let server: TestServer;
  let alice: Fetcher;
  let bob: Fetcher;
  const API = '/ocs/v2.php/apps/files_sharing/api/v1/shares';

  const files = (uid: string, path: string) => `/remote.php/dav/files/${uid}${path.split('/').map(encodeURIComponent).join('/')}`;
  const put = async (as: Fetcher, uid: string, path: string, body: string) => expect((await as('PUT', files(uid, path), {}, body)).status).toBe(201);
  const mkcol = async (as: Fetcher, uid: string, path: string) => expect((await as('MKCOL', files(uid, path))).status).toBe(201);
  const text = async (as: Fetcher, uid: string, path: string) => {
    const response = await as('GET', files(uid, path));
    return response.status === 200 ? response.text() : `(${response.status})`;
  };
  const exists = async (as: Fetcher, uid: string, path: string) => (await as('PROPFIND', files(uid, path), { depth: '0' })).status === 207;
  const trashOf = (as: Fetcher, uid: string) => listTrash(as, uid);
  const only = (items: TrashListing[], filename: string) => {
    const found = items.filter((item) => item.filename === filename);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const receivedPaths = async () => {
    const response = await bob('GET', `${API}?format=json&shared_with_me=true`, { 'ocs-apirequest': 'true' });
    return ((await response.json()) as { ocs: { data: { path: string }[] } }).ocs.data.map((share) => share.path).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
    await server.built.accounts.users.create({ uid: 'alice', password: 'alice-password', displayName: 'Alice Owner' });
    await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password', displayName: 'Bob Recipient' });
    alice = fetcher(server.url, basic('alice', 'alice-password'));
    bob = fetcher(server.url, basic('bob', 'bob-password'));
    await mkcol(alice, 'alice', '/Team');
    await mkcol(alice, 'alice', '/Team/Specs');
    await put(alice, 'alice', '/Team/plan.txt', 'the plan');
    await put(alice, 'alice', '/Team/budget.txt', 'the budget');
    await put(alice, 'alice', '/Team/notes.txt', 'the notes');
    await put(alice, 'alice', '/Team/Specs/api.md', 'the api');
    const shared = await alice('POST', `${API}?format=json`, { 'ocs-apirequest': 'true', 'content-type': 'application/json' }, JSON.stringify({ path: '/Team', shareType: 0, shareWith: 'bob', permissions: 15 }));
    expect(shared.status).toBe(200);
    expect(await receivedPaths()).toEqual(['/Team']);
  }, 60000);
  afterAll(() => server.stop());

  it("puts a file the recipient deletes into the owner's trash, deleted by the recipient, and not into the recipient's", async () => {
    expect((await bob('DELETE', files('bob', '/Team/plan.txt'))).status).toBe(204);
    expect(await exists(alice, 'alice', '/Team/plan.txt')).toBe(false);
    expect(await exists(bob, 'bob', '/Team/plan.txt')).toBe(false);
    const item = only(await trashOf(alice, 'alice'), 'plan.txt');
    expect(item).toMatchObject({ location: 'Team/plan.txt', deletedBy: 'bob', deletedByName: 'Bob Recipient', folder: false, size: 8 });
    expect(await trashOf(bob, 'bob')).toEqual([]);
  });

  it("puts a folder the recipient deletes into the owner's trash with its contents", async () => {
    expect((await bob('DELETE', files('bob', '/Team/Specs'))).status).toBe(204);
    const item = only(await trashOf(alice, 'alice'), 'Specs');
    expect(item).toMatchObject({ location: 'Team/Specs', deletedBy: 'bob', folder: true });
    expect(await listTrash(alice, 'alice', `${encodeURIComponent(itemOf(item))}/`)).toEqual([expect.objectContaining({ filename: 'api.md', location: 'Team/Specs/api.md' })]);
    expect(await trashOf(bob, 'bob')).toEqual([]);
  });

  it('gives the location the owner knows, even when the recipient renamed the share', async () => {
    expect((await bob('MOVE', files('bob', '/Team'), { destination: `${server.url}${files('bob', '/Our Team')}` })).status).toBe(201);
    expect((await bob('DELETE', files('bob', '/Our Team/budget.txt'))).status).toBe(204);
    expect(only(await trashOf(alice, 'alice'), 'budget.txt')).toMatchObject({ location: 'Team/budget.txt', deletedBy: 'bob' });
  });

  it("restores into the owner's folder, where the recipient sees it again", async () => {
    const trash = await trashOf(alice, 'alice');
    for (const name of ['plan.txt', 'Specs']) expect((await restoreItem(alice, server.url, 'alice', itemOf(only(trash, name)))).status).toBe(201);
    expect(await text(alice, 'alice', '/Team/plan.txt')).toBe('the plan');
    expect(await text(bob, 'bob', '/Our Team/plan.txt')).toBe('the plan');
    expect(await text(bob, 'bob', '/Our Team/Specs/api.md')).toBe('the api');
    expect((await trashOf(alice, 'alice')).map((item) => item.filename)).toEqual(['budget.txt']);
  });

  it('deletes for good with X-NC-Skip-Trashbin inside a share too', async () => {
    expect((await bob('DELETE', files('bob', '/Our Team/notes.txt'), { 'x-nc-skip-trashbin': 'true' })).status).toBe(204);
    expect(await exists(alice, 'alice', '/Team/notes.txt')).toBe(false);
    expect((await trashOf(alice, 'alice')).map((item) => item.filename)).toEqual(['budget.txt']);
  });

  it("puts a file the recipient moves out of the share into the owner's trash (the owner can get it back)", async () => {
    await put(alice, 'alice', '/Team/draft.txt', 'the draft');
    expect((await bob('MOVE', files('bob', '/Our Team/draft.txt'), { destination: `${server.url}${files('bob', '/draft.txt')}` })).status).toBe(201);
    expect(await text(bob, 'bob', '/draft.txt')).toBe('the draft');
    expect(only(await trashOf(alice, 'alice'), 'draft.txt')).toMatchObject({ location: 'Team/draft.txt', deletedBy: 'bob' });
    expect(await trashOf(bob, 'bob')).toEqual([]);
  });

  it('unshares when the recipient deletes the share root: nothing goes to a trash and the owner keeps it', async () => {
    const before = (await trashOf(alice, 'alice')).map(itemOf).sort();
    expect((await bob('DELETE', files('bob', '/Our Team'))).status).toBe(204);
    expect(await exists(bob, 'bob', '/Our Team')).toBe(false);
    expect(await receivedPaths()).toEqual([]);
    expect(await text(alice, 'alice', '/Team/plan.txt')).toBe('the plan');
    expect(await text(alice, 'alice', '/Team/Specs/api.md')).toBe('the api');
    expect((await trashOf(alice, 'alice')).map(itemOf).sort()).toEqual(before);
    expect(await trashOf(bob, 'bob')).toEqual([]);
  });

  it("puts what a public link's visitor deletes into the owner's trash, deleted by nobody known", async () => {
    await put(alice, 'alice', '/Team/flyer.txt', 'the flyer');
    const created = await alice('POST', `${API}?format=json`, { 'ocs-apirequest': 'true', 'content-type': 'application/json' }, JSON.stringify({ path: '/Team', shareType: 3, publicUpload: 'true' }));
    const { token } = ((await created.json()) as { ocs: { data: { token: string } } }).ocs.data;
    const response = await fetch(`${server.url}/public.php/dav/files/${token}/flyer.txt`, { method: 'DELETE', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(response.status).toBe(204);
    expect(only(await trashOf(alice, 'alice'), 'flyer.txt')).toMatchObject({ location: 'Team/flyer.txt', deletedBy: '', deletedByName: '' });
  });

  it("keeps the owner's own deletes as the owner's", async () => {
    expect((await alice('DELETE', files('alice', '/Team/plan.txt'))).status).toBe(204);
    expect(only(await trashOf(alice, 'alice'), 'plan.txt')).toMatchObject({ location: 'Team/plan.txt', deletedBy: 'alice', deletedByName: 'Alice Owner' });
  });
});
