import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Fetcher, TrashListing } from '../support/trashbin';
import { fetcher, itemOf, listTrash, restoreItem, trashbinBase } from '../support/trashbin';
import type { TestServer } from './helpers';
import { basic, startTestServer } from './helpers';

/**
 * The trash with the sharing plugin, against the real server (both plugins of the
 * repository's plugins folder): a node a share's recipient deletes goes to its owner's trash,
 * at the location the owner knows it by and marked as deleted by the recipient, and a copy
 * to the recipient's trash, at the location they saw it at, when it fits their free space;
 * deleting the share root unshares it and trashes nothing (protocol §4, §6.5).
 */
describe('the trash of shared folders', () => {
  let server: TestServer;
  let alice: Fetcher;
  let bob: Fetcher;
  let carol: Fetcher;
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
  const itemText = async (as: Fetcher, uid: string, item: TrashListing) => (await as('GET', `${trashbinBase(uid)}/trash/${encodeURIComponent(itemOf(item))}`)).text();
  const shareTeamWith = async (uid: string) => {
    const shared = await alice('POST', `${API}?format=json`, { 'ocs-apirequest': 'true', 'content-type': 'application/json' }, JSON.stringify({ path: '/Team', shareType: 0, shareWith: uid, permissions: 15 }));
    expect(shared.status).toBe(200);
  };
  const receivedPaths = async () => {
    const response = await bob('GET', `${API}?format=json&shared_with_me=true`, { 'ocs-apirequest': 'true' });
    return ((await response.json()) as { ocs: { data: { path: string }[] } }).ocs.data.map((share) => share.path).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ pluginsDir: join(process.cwd(), 'plugins') });
    await server.built.accounts.users.create({ uid: 'alice', password: 'alice-password', displayName: 'Alice Owner' });
    await server.built.accounts.users.create({ uid: 'bob', password: 'bob-password', displayName: 'Bob Recipient' });
    // Carol's 5 bytes of quota are full with a file of her own: nothing of the share fits her free space.
    await server.built.accounts.users.create({ uid: 'carol', password: 'carol-password', displayName: 'Carol Full', quota: 5 });
    alice = fetcher(server.url, basic('alice', 'alice-password'));
    bob = fetcher(server.url, basic('bob', 'bob-password'));
    carol = fetcher(server.url, basic('carol', 'carol-password'));
    await put(carol, 'carol', '/mine.txt', 'mine');
    await mkcol(alice, 'alice', '/Team');
    await mkcol(alice, 'alice', '/Team/Specs');
    await put(alice, 'alice', '/Team/plan.txt', 'the plan');
    await put(alice, 'alice', '/Team/budget.txt', 'the budget');
    await put(alice, 'alice', '/Team/notes.txt', 'the notes');
    await put(alice, 'alice', '/Team/Specs/api.md', 'the api');
    await shareTeamWith('bob');
    await shareTeamWith('carol');
    expect(await receivedPaths()).toEqual(['/Team']);
  }, 60000);
  afterAll(() => server.stop());

  it("puts a file the recipient deletes into the owner's trash, deleted by the recipient, and a copy into the recipient's", async () => {
    expect((await bob('DELETE', files('bob', '/Team/plan.txt'))).status).toBe(204);
    expect(await exists(alice, 'alice', '/Team/plan.txt')).toBe(false);
    expect(await exists(bob, 'bob', '/Team/plan.txt')).toBe(false);
    const item = only(await trashOf(alice, 'alice'), 'plan.txt');
    expect(item).toMatchObject({ location: 'Team/plan.txt', deletedBy: 'bob', deletedByName: 'Bob Recipient', folder: false, size: 8 });
    expect(await itemText(alice, 'alice', item)).toBe('the plan');
    const copy = only(await trashOf(bob, 'bob'), 'plan.txt');
    expect(copy).toMatchObject({ location: 'Team/plan.txt', deletedBy: 'bob', deletedByName: 'Bob Recipient', folder: false, size: 8 });
    expect(itemOf(copy)).toMatch(/^plan\.txt\.d\d+$/);
    expect(copy.fileid).not.toBe(item.fileid);
    expect(await itemText(bob, 'bob', copy)).toBe('the plan');
  });

  it("puts a folder the recipient deletes into the owner's trash with its contents", async () => {
    expect((await bob('DELETE', files('bob', '/Team/Specs'))).status).toBe(204);
    const item = only(await trashOf(alice, 'alice'), 'Specs');
    expect(item).toMatchObject({ location: 'Team/Specs', deletedBy: 'bob', folder: true });
    expect(await listTrash(alice, 'alice', `${encodeURIComponent(itemOf(item))}/`)).toEqual([expect.objectContaining({ filename: 'api.md', location: 'Team/Specs/api.md' })]);
    const copy = only(await trashOf(bob, 'bob'), 'Specs');
    expect(copy).toMatchObject({ location: 'Team/Specs', deletedBy: 'bob', folder: true });
    expect(await listTrash(bob, 'bob', `${encodeURIComponent(itemOf(copy))}/`)).toEqual([expect.objectContaining({ filename: 'api.md', location: 'Team/Specs/api.md', size: 7 })]);
  });

  it('gives the location the owner knows, even when the recipient renamed the share', async () => {
    expect((await bob('MOVE', files('bob', '/Team'), { destination: `${server.url}${files('bob', '/Our Team')}` })).status).toBe(201);
    expect((await bob('DELETE', files('bob', '/Our Team/budget.txt'))).status).toBe(204);
    expect(only(await trashOf(alice, 'alice'), 'budget.txt')).toMatchObject({ location: 'Team/budget.txt', deletedBy: 'bob' });
    // The recipient's copy is where the recipient saw it.
    expect(only(await trashOf(bob, 'bob'), 'budget.txt')).toMatchObject({ location: 'Our Team/budget.txt', deletedBy: 'bob' });
  });

  it('puts no copy into the trash of a recipient whose free space it does not fit', async () => {
    expect((await carol('DELETE', files('carol', '/Team/notes.txt'))).status).toBe(204);
    expect(only(await trashOf(alice, 'alice'), 'notes.txt')).toMatchObject({ location: 'Team/notes.txt', deletedBy: 'carol', deletedByName: 'Carol Full' });
    expect(await trashOf(carol, 'carol')).toEqual([]);
    expect(await text(carol, 'carol', '/mine.txt')).toBe('mine');
    const notes = only(await trashOf(alice, 'alice'), 'notes.txt');
    expect((await restoreItem(alice, server.url, 'alice', itemOf(notes))).status).toBe(201);
  });

  it("restores into the owner's folder, where the recipient sees it again", async () => {
    const trash = await trashOf(alice, 'alice');
    for (const name of ['plan.txt', 'Specs']) expect((await restoreItem(alice, server.url, 'alice', itemOf(only(trash, name)))).status).toBe(201);
    expect(await text(alice, 'alice', '/Team/plan.txt')).toBe('the plan');
    expect(await text(bob, 'bob', '/Our Team/plan.txt')).toBe('the plan');
    expect(await text(bob, 'bob', '/Our Team/Specs/api.md')).toBe('the api');
    expect((await trashOf(alice, 'alice')).map((item) => item.filename)).toEqual(['budget.txt']);
    // The recipient's copies are theirs: the owner's restore leaves them.
    expect((await trashOf(bob, 'bob')).map((item) => item.filename).sort()).toEqual(['Specs', 'budget.txt', 'plan.txt']);
  });

  it('deletes for good with X-NC-Skip-Trashbin inside a share too', async () => {
    const before = (await trashOf(bob, 'bob')).map(itemOf).sort();
    expect((await bob('DELETE', files('bob', '/Our Team/notes.txt'), { 'x-nc-skip-trashbin': 'true' })).status).toBe(204);
    expect(await exists(alice, 'alice', '/Team/notes.txt')).toBe(false);
    expect((await trashOf(alice, 'alice')).map((item) => item.filename)).toEqual(['budget.txt']);
    expect((await trashOf(bob, 'bob')).map(itemOf).sort()).toEqual(before);
  });

  it("puts a file the recipient moves out of the share into the owner's trash (the owner can get it back), and a copy into the recipient's", async () => {
    await put(alice, 'alice', '/Team/draft.txt', 'the draft');
    expect((await bob('MOVE', files('bob', '/Our Team/draft.txt'), { destination: `${server.url}${files('bob', '/draft.txt')}` })).status).toBe(201);
    expect(await text(bob, 'bob', '/draft.txt')).toBe('the draft');
    expect(only(await trashOf(alice, 'alice'), 'draft.txt')).toMatchObject({ location: 'Team/draft.txt', deletedBy: 'bob' });
    expect(only(await trashOf(bob, 'bob'), 'draft.txt')).toMatchObject({ location: 'Our Team/draft.txt', deletedBy: 'bob' });
  });

  it('unshares when the recipient deletes the share root: nothing goes to a trash and the owner keeps it', async () => {
    const before = (await trashOf(alice, 'alice')).map(itemOf).sort();
    const bobsBefore = (await trashOf(bob, 'bob')).map(itemOf).sort();
    expect((await bob('DELETE', files('bob', '/Our Team'))).status).toBe(204);
    expect(await exists(bob, 'bob', '/Our Team')).toBe(false);
    expect(await receivedPaths()).toEqual([]);
    expect(await text(alice, 'alice', '/Team/plan.txt')).toBe('the plan');
    expect(await text(alice, 'alice', '/Team/Specs/api.md')).toBe('the api');
    expect((await trashOf(alice, 'alice')).map(itemOf).sort()).toEqual(before);
    expect((await trashOf(bob, 'bob')).map(itemOf).sort()).toEqual(bobsBefore);
  });

  it("restores the recipient's copy into the recipient's root once the share is gone", async () => {
    const copy = only(await trashOf(bob, 'bob'), 'budget.txt');
    expect((await restoreItem(bob, server.url, 'bob', itemOf(copy))).status).toBe(201);
    expect(await text(bob, 'bob', '/budget.txt')).toBe('the budget');
    expect(only(await trashOf(alice, 'alice'), 'budget.txt')).toMatchObject({ location: 'Team/budget.txt' });
    expect(await exists(alice, 'alice', '/Team/budget.txt')).toBe(false);
  });

  it("puts what a public link's visitor deletes into the owner's trash, deleted by nobody known", async () => {
    await put(alice, 'alice', '/Team/flyer.txt', 'the flyer');
    const bobsBefore = (await trashOf(bob, 'bob')).map(itemOf).sort();
    const created = await alice('POST', `${API}?format=json`, { 'ocs-apirequest': 'true', 'content-type': 'application/json' }, JSON.stringify({ path: '/Team', shareType: 3, publicUpload: 'true' }));
    const { token } = ((await created.json()) as { ocs: { data: { token: string } } }).ocs.data;
    const response = await fetch(`${server.url}/public.php/dav/files/${token}/flyer.txt`, { method: 'DELETE', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(response.status).toBe(204);
    expect(only(await trashOf(alice, 'alice'), 'flyer.txt')).toMatchObject({ location: 'Team/flyer.txt', deletedBy: '', deletedByName: '' });
    expect((await trashOf(bob, 'bob')).map(itemOf).sort()).toEqual(bobsBefore);
  });

  it("keeps the owner's own deletes as the owner's, copied nowhere", async () => {
    const bobsBefore = (await trashOf(bob, 'bob')).map(itemOf).sort();
    expect((await alice('DELETE', files('alice', '/Team/plan.txt'))).status).toBe(204);
    expect(only(await trashOf(alice, 'alice'), 'plan.txt')).toMatchObject({ location: 'Team/plan.txt', deletedBy: 'alice', deletedByName: 'Alice Owner' });
    expect((await trashOf(bob, 'bob')).map(itemOf).sort()).toEqual(bobsBefore);
  });
});
