import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import type { ReportHandler, SearchHandler, ServerPluginContext } from '../plugin-api';
import { defineServerPlugin } from '../plugin-api';
import { makeTestFiles } from '../storage/files/test-support';
import type { FileService } from '../storage/files/file-service';
import { StorageError } from '../errors';
import type { XmlElement } from '../dav/xml/element';
import { PluginHost } from './host';
import { davPluginHandlers } from './dav-handlers';

const OC = 'http://owncloud.org/ns';
const element = (ns: string, local: string, children: XmlElement[] = []): XmlElement => ({ ns, local, attributes: {}, children });
const reportOf = (local: string): XmlElement => element(OC, local);
const searchCall = { uid: 'alice', scope: '/', depth: 'infinity' as const, where: undefined, orderBy: [], limit: undefined, offset: 0, search: element('DAV:', 'basicsearch') };

function silentLog(): { lines: string[]; info(m: string): void; warn(m: string): void; error(m: string): void } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

describe('REPORT and SEARCH handlers', () => {
  let files: FileService;
  let cleanup: () => Promise<void>;
  let host: PluginHost;
  let log: ReturnType<typeof silentLog>;
  let contexts: Map<string, ServerPluginContext>;
  const put = (path: string) => files.write('alice', path, Readable.from([Buffer.from('x')]), { quota: -1 });

  beforeEach(async () => {
    ({ files, cleanup } = await makeTestFiles());
    await files.ensureUserRoot('alice');
    await files.ensureUserRoot('bob');
    await files.mkdir('alice', '/docs');
    await put('/docs/a.txt');
    await put('/b.txt');
    await files.write('bob', '/secret.txt', Readable.from([Buffer.from('x')]), { quota: -1 });
    log = silentLog();
    host = new PluginHost(log);
    contexts = new Map();
    for (const id of ['one', 'two']) await host.activate(defineServerPlugin({ id, activate: (ctx) => void contexts.set(id, ctx) }));
  });
  afterEach(() => cleanup());

  const ctx = (id: 'one' | 'two'): ServerPluginContext => contexts.get(id) as ServerPluginContext;
  const handlers = () => davPluginHandlers(host, files, log);
  const listing: ReportHandler = {
    id: 'one.listing',
    report: `{${OC}}listing`,
    handle: async (request) => ({ nodes: await request.tree.find({ below: request.path }) }),
  };

  it('registers a report handler by its report name; the undo takes it back and the report is unknown again', async () => {
    const undo = ctx('one').reports.register(listing);
    const entries = await handlers().report({ uid: 'alice', path: '/', report: reportOf('listing') });
    expect(entries?.map((entry) => entry.path)).toEqual(['/b.txt', '/docs', '/docs/a.txt']);
    expect(await handlers().report({ uid: 'alice', path: '/', report: reportOf('other') })).toBeUndefined();
    undo();
    expect(await handlers().report({ uid: 'alice', path: '/', report: reportOf('listing') })).toBeUndefined();
  });

  it('refuses a second handler for the same report, a report that is no Clark name, and a handler without handle', () => {
    ctx('one').reports.register(listing);
    expect(() => ctx('two').reports.register({ ...listing, id: 'two.listing' })).toThrow(`the report {${OC}}listing is already handled by "one"`);
    expect(() => ctx('two').reports.register({ ...listing, id: 'two.bad', report: 'oc:listing' })).toThrow('its report must be a Clark name');
    expect(() => ctx('two').reports.register({ id: 'two.none', report: `{${OC}}none` } as ReportHandler)).toThrow('handle must be a function');
    expect(() => ctx('two').searches.register({ id: 'two.search' } as SearchHandler)).toThrow('search must be a function');
  });

  it("a deactivated (disabled) plugin's report and search handlers are gone", async () => {
    ctx('one').reports.register(listing);
    ctx('one').searches.register({ id: 'one.claim', search: () => ({ claim: [] }) });
    await host.deactivate('one');
    expect(host.reports.list()).toEqual([]);
    expect(host.searches.list()).toEqual([]);
    expect(await handlers().report({ uid: 'alice', path: '/', report: reportOf('listing') })).toBeUndefined();
    expect(await handlers().search(searchCall)).toEqual({ contribute: [] });
  });

  it('a handler that answers undefined leaves the report unhandled; a failure becomes the WebDAV error of its status', async () => {
    ctx('one').reports.register({ id: 'one.decline', report: `{${OC}}decline`, handle: () => undefined });
    ctx('one').reports.register({ id: 'one.fail', report: `{${OC}}fail`, handle: () => ({ failure: { status: 412, message: 'Cannot filter by non-existing tag' } }) });
    expect(await handlers().report({ uid: 'alice', path: '/', report: reportOf('decline') })).toBeUndefined();
    const error = await handlers().report({ uid: 'alice', path: '/', report: reportOf('fail') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ kind: 'precondition-failed', message: 'Cannot filter by non-existing tag' });
  });

  it("renders only nodes of the user's tree: another user's file id and a made-up node are left out", async () => {
    const bobs = await files.stat('bob', '/secret.txt');
    const alices = await files.stat('alice', '/b.txt');
    ctx('one').reports.register({
      id: 'one.forged',
      report: `{${OC}}forged`,
      handle: () => ({
        nodes: [
          { uid: 'alice', fileid: bobs?.fileid ?? 0, path: '/secret.txt', name: 'secret.txt', type: 'file', size: 1, mtime: 0, etag: '', mime: '' },
          { uid: 'alice', fileid: alices?.fileid ?? 0, path: '/whatever', name: 'whatever', type: 'file', size: 1, mtime: 0, etag: '', mime: '' },
          { uid: 'alice', fileid: 999_999, path: '/none', name: 'none', type: 'file', size: 0, mtime: 0, etag: '', mime: '' },
        ],
      }),
    });
    const entries = await handlers().report({ uid: 'alice', path: '/', report: reportOf('forged') });
    expect(entries?.map((entry) => entry.path)).toEqual(['/b.txt']);
  });

  it('the tree finds favorites below a folder (not the folder itself), by type and page, and refuses a path that leaves the tree', async () => {
    await files.changeNode('alice', '/docs', { favorite: true });
    await files.changeNode('alice', '/docs/a.txt', { favorite: true });
    await files.changeNode('alice', '/b.txt', { favorite: true });
    const found: string[][] = [];
    ctx('one').reports.register({
      id: 'one.tree',
      report: `{${OC}}tree`,
      handle: async ({ tree }) => {
        found.push((await tree.find({ below: '/', favorite: true })).map((node) => node.path));
        found.push((await tree.find({ below: '/docs', favorite: true })).map((node) => node.path));
        found.push((await tree.find({ below: '/', favorite: true, type: 'folder' })).map((node) => node.path));
        found.push((await tree.find({ below: '/', favorite: true, offset: 1, limit: 1 })).map((node) => node.path));
        found.push((await tree.find({ below: '/', favorite: false })).map((node) => node.path));
        await tree.find({ below: '/../bob' });
        return { nodes: [] };
      },
    });
    const error = await handlers().report({ uid: 'alice', path: '/', report: reportOf('tree') }).catch((e: unknown) => e);
    expect(found).toEqual([['/b.txt', '/docs', '/docs/a.txt'], ['/docs/a.txt'], ['/docs'], ['/docs'], []]);
    expect(error).toMatchObject({ kind: 'bad-request' });
  });

  it('the first search handler to claim answers the search; contributions from the others are added; a throwing one is logged and skipped', async () => {
    const a = await files.stat('alice', '/b.txt');
    ctx('one').searches.register({ id: 'one.pass', search: () => undefined });
    ctx('one').searches.register({
      id: 'one.broken',
      search: () => {
        throw new Error('boom');
      },
    });
    ctx('two').searches.register({ id: 'two.add', search: async ({ tree }) => ({ contribute: [(await tree.stat('/docs/a.txt'))!] }) });
    const contributed = await handlers().search(searchCall);
    expect('contribute' in contributed && contributed.contribute.map((entry) => entry.path)).toEqual(['/docs/a.txt']);
    expect(log.lines).toEqual(['[plugin one] the search handler "one.broken" failed: boom']);

    const undo = ctx('one').searches.register({ id: 'one.claim', search: ({ scope }) => (scope === '/' ? { claim: [{ uid: 'alice', fileid: a?.fileid ?? 0, path: '/b.txt', name: 'b.txt', type: 'file', size: 1, mtime: 0, etag: '', mime: '' }] } : undefined) });
    expect(await handlers().search(searchCall)).toEqual({ claim: [expect.objectContaining({ path: '/b.txt' })] });
    expect(await handlers().search({ ...searchCall, scope: '/docs' })).toEqual({ contribute: [expect.objectContaining({ path: '/docs/a.txt' })] });
    undo();
    expect('contribute' in (await handlers().search(searchCall))).toBe(true);
  });

  it('a search handler failure fails the search with its status', async () => {
    ctx('one').searches.register({ id: 'one.refuse', search: () => ({ failure: { status: 400, message: 'No such search' } }) });
    await expect(handlers().search(searchCall)).rejects.toMatchObject({ kind: 'bad-request', message: 'No such search' });
  });
});
