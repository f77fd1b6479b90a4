import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import type { DavCollection, ServerPluginContext } from '../plugin-api';
import { PluginError, ServerPluginError, defineServerPlugin } from '../plugin-api';
import { PropertyStore } from '../storage/dav-state/properties';
import { makeTestFiles } from '../storage/files/test-support';
import type { FileService } from '../storage/files/file-service';
import { PluginHost } from './host';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const collection = (id: string, name: string): DavCollection => ({ id, name, resource: async () => null, children: async () => [] });

async function contextOf(host: PluginHost, id = 'trash'): Promise<ServerPluginContext> {
  let ctx: ServerPluginContext | undefined;
  await host.activate(defineServerPlugin({ id, activate: (c) => void (ctx = c) }));
  return ctx!;
}

describe('the contract’s DAV collections and jobs', () => {
  it('registers a DAV collection by name, refuses the server’s trees and a taken name, and takes it back on undo', async () => {
    const host = new PluginHost(log);
    const ctx = await contextOf(host);
    const undo = ctx.davCollections.register(collection('trash.bin', 'trashbin'));
    expect(host.davCollection('trashbin')?.owner).toBe('trash');
    expect(() => ctx.davCollections.register(collection('trash.files', 'files'))).toThrow(ServerPluginError);
    expect(() => ctx.davCollections.register(collection('trash.again', 'trashbin'))).toThrow('already served by "trash"');
    expect(() => ctx.davCollections.register(collection('trash.bad', 'Trash Bin'))).toThrow('its name must match');
    undo();
    expect(host.davCollection('trashbin')).toBeUndefined();
    ctx.davCollections.register(collection('trash.bin', 'trashbin'));
    await host.deactivate('trash');
    expect(host.davCollection('trashbin')).toBeUndefined();
  });

  it('runs a job every interval until its plugin is deactivated, logging a failing run', async () => {
    const errors: string[] = [];
    const host = new PluginHost({ ...log, error: (message) => errors.push(message) });
    const ctx = await contextOf(host);
    let runs = 0;
    ctx.jobs.register({
      id: 'trash.expire',
      intervalSeconds: 1,
      run: () => {
        runs += 1;
        throw new Error('disk gone');
      },
    });
    expect(() => ctx.jobs.register({ id: 'trash.never', intervalSeconds: 0, run: () => undefined })).toThrow('intervalSeconds must be at least 1');
    await new Promise((done) => setTimeout(done, 2600));
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(errors[0]).toContain('[plugin trash] the job "trash.expire" failed: disk gone');
    await host.deactivate('trash');
    const after = runs;
    await new Promise((done) => setTimeout(done, 1300));
    expect(runs).toBe(after);
  }, 20_000);
});

describe('ctx.files and the plugin’s area', () => {
  let files: FileService;
  let cleanup: () => Promise<void>;
  let ctx: ServerPluginContext;
  let db: Awaited<ReturnType<typeof makeTestFiles>>['db'];

  beforeEach(async () => {
    ({ files, cleanup, db } = await makeTestFiles());
    await files.ensureUserRoot('ann');
    const host = new PluginHost(log, undefined, { storage: { files, quotaOf: async () => 5000 } });
    ctx = await contextOf(host);
  });
  afterEach(() => cleanup());

  it('reads the user’s tree: stat, getById, list and usage', async () => {
    await files.mkdir('ann', '/Docs');
    const written = await files.write('ann', '/Docs/a.txt', Readable.from([Buffer.from('hello')]), { quota: -1 });
    expect(await ctx.files.stat('ann', '/Docs/a.txt')).toMatchObject({ uid: 'ann', fileid: written.entry.fileid, name: 'a.txt', size: 5, type: 'file' });
    expect((await ctx.files.getById('ann', written.entry.fileid))?.path).toBe('/Docs/a.txt');
    expect((await ctx.files.list('ann', '/Docs')).map((node) => node.name)).toEqual(['a.txt']);
    expect(await ctx.files.stat('ann', '/nothing')).toBeNull();
    await expect(ctx.files.list('ann', '/nothing')).rejects.toMatchObject({ status: 404 });
    expect(await ctx.files.usage('ann')).toEqual({ used: 5, quota: 5000 });
  });

  it('moves a node into the area and back keeping its id, content and dead properties, out of the user’s usage', async () => {
    await files.mkdir('ann', '/Docs');
    const { entry } = await files.write('ann', '/Docs/a.txt', Readable.from([Buffer.from('hello')]), { quota: -1 });
    await new PropertyStore(db).patch(entry.fileid, [['{urn:x}tag', '<x:tag xmlns:x="urn:x">kept</x:tag>']], []);
    const created: string[] = [];
    files.events.add({ created: (uid, node) => void created.push(`${uid}:${node.path}`) });

    const inArea = await ctx.files.area.moveIn('ann', '/Docs/a.txt', '/a.txt.d1');
    expect(inArea).toMatchObject({ uid: 'ann', fileid: entry.fileid, path: '/a.txt.d1' });
    expect(await ctx.files.stat('ann', '/Docs/a.txt')).toBeNull();
    expect((await ctx.files.area.list('ann', '/')).map((node) => node.name)).toEqual(['a.txt.d1']);
    expect(await ctx.files.area.size('ann')).toBe(5);
    expect((await ctx.files.usage('ann')).used).toBe(0);
    // The user's searches and favorites never see the area.
    expect(await files.search('ann', '/', { where: { kind: 'all' }, orderBy: [] })).toHaveLength(1);
    const read = await ctx.files.area.read('ann', '/a.txt.d1');
    const chunks: Buffer[] = [];
    for await (const chunk of read.stream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');

    await expect(ctx.files.area.moveOut('ann', '/a.txt.d1', '/Gone/a.txt')).rejects.toMatchObject({ status: 409 });
    await files.write('ann', '/Docs/a.txt', Readable.from([Buffer.from('new')]), { quota: -1 });
    await expect(ctx.files.area.moveOut('ann', '/a.txt.d1', '/Docs/a.txt')).rejects.toBeInstanceOf(PluginError);
    const back = await ctx.files.area.moveOut('ann', '/a.txt.d1', '/Docs/a (restored).txt');
    expect(back.fileid).toBe(entry.fileid);
    expect(created).toContain('ann:/Docs/a (restored).txt');
    expect((await new PropertyStore(db).get(entry.fileid)).get('{urn:x}tag')).toContain('kept');
    expect(await ctx.files.area.size('ann')).toBe(0);
  });

  it('deletes from the area for good, one node or everything at once', async () => {
    for (const name of ['one', 'two']) {
      await files.write('ann', `/${name}.txt`, Readable.from([Buffer.from(name)]), { quota: -1 });
      await ctx.files.area.moveIn('ann', `/${name}.txt`, `/${name}.txt.d1`);
    }
    await ctx.files.area.remove('ann', '/one.txt.d1');
    expect((await ctx.files.area.list('ann', '/')).map((node) => node.name)).toEqual(['two.txt.d1']);
    await ctx.files.area.remove('ann', '/');
    expect(await ctx.files.area.list('ann', '/')).toEqual([]);
    expect(await ctx.files.area.size('ann')).toBe(0);
    await expect(ctx.files.area.remove('ann', '/missing')).rejects.toMatchObject({ status: 404 });
  });
});
