import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import type { NodeHook, PluginNode, ServerPluginContext } from '../plugin-api';
import { ServerPluginError, defineServerPlugin, isServerPluginDefinition } from '../plugin-api';
import { makeTestFiles } from '../storage/files/test-support';
import type { FileService } from '../storage/files/file-service';
import type { LiveProperty } from '../dav/live-properties';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/connection';
import { PluginHost } from './host';

function silentLog(): { lines: string[]; info(m: string): void; warn(m: string): void; error(m: string): void } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

const route = (id: string, path = '/api/items') => ({ id, method: 'GET' as const, path, handle: () => ({ body: { ok: true } }) });

describe('defineServerPlugin', () => {
  it('stamps the type tag the server recognises, and refuses a bad id or missing activate', () => {
    const definition = defineServerPlugin({ id: 'favorites', activate: () => undefined });
    expect(definition).toMatchObject({ kind: 'cumulus.server-plugin', apiVersion: 1, id: 'favorites' });
    expect(isServerPluginDefinition(definition)).toBe(true);
    expect(isServerPluginDefinition({ ...definition, apiVersion: 2 })).toBe(false);
    expect(() => defineServerPlugin({ id: 'Bad Id', activate: () => undefined })).toThrow('id must match');
    expect(() => defineServerPlugin({ id: 'x', activate: 'no' as unknown as () => void })).toThrow(ServerPluginError);
  });
});

describe('PluginHost registrations', () => {
  let host: PluginHost;
  beforeEach(() => {
    host = new PluginHost(silentLog());
  });

  it('registers through the plugin context, and each undo takes its registration back', async () => {
    let ctx: ServerPluginContext | undefined;
    await host.activate(defineServerPlugin({ id: 'fav', activate: (c) => void (ctx = c) }));
    const undo = ctx!.routes.register(route('fav.list'));
    expect(host.routes.list()).toEqual([{ owner: 'fav', entry: expect.objectContaining({ id: 'fav.list' }) }]);
    undo();
    expect(host.routes.list()).toEqual([]);
    undo();
    expect(host.routes.list()).toEqual([]);
  });

  it('refuses a taken id (even from another plugin), an invalid entry, and a hook without any hook function', async () => {
    const contexts: ServerPluginContext[] = [];
    await host.activate(defineServerPlugin({ id: 'one', activate: (c) => void contexts.push(c) }));
    await host.activate(defineServerPlugin({ id: 'two', activate: (c) => void contexts.push(c) }));
    const [one, two] = contexts as [ServerPluginContext, ServerPluginContext];
    one.routes.register(route('shared'));
    expect(() => two.routes.register(route('shared'))).toThrow('Plugin "two": a route with the id "shared" is already registered (by "one")');
    expect(() => two.routes.register(route('bad', 'no-slash'))).toThrow('its path must start with "/"');
    expect(() => two.routes.register(route('dots', '/a/../b'))).toThrow('may not hold empty, "." or ".." segments');
    expect(() => two.routes.register({ ...route('verb'), method: 'TRACE' as 'GET' })).toThrow('its method must be one of');
    expect(() => two.nodeHooks.register({ id: 'nothing' })).toThrow('it must have at least one of created, changed, replacing, superseded, deleting, deleted, moved');
    expect(host.routes.list().map(({ entry }) => entry.id)).toEqual(['shared']);
  });

  it('an old undo does not remove a later registration under the same id', async () => {
    let ctx: ServerPluginContext | undefined;
    await host.activate(defineServerPlugin({ id: 'fav', activate: (c) => void (ctx = c) }));
    const first = ctx!.routes.register(route('r'));
    first();
    ctx!.routes.register(route('r', '/again'));
    first();
    expect(host.routes.list().map(({ entry }) => entry.path)).toEqual(['/again']);
  });

  it('deactivating a plugin takes back everything it registered and runs its deactivate', async () => {
    const deactivated: string[] = [];
    await host.activate(
      defineServerPlugin({
        id: 'fav',
        activate(ctx) {
          ctx.routes.register(route('fav.list'));
          ctx.capabilities.register({ id: 'fav.caps', capabilities: () => ({ files: { favorites: true } }) });
          ctx.nodeHooks.register({ id: 'fav.hook', deleted: () => undefined });
          ctx.liveProperties.register({ id: 'fav.prop', prefix: 'nc', name: 'fav-rank', get: () => '1' });
        },
        deactivate: () => void deactivated.push('fav'),
      }),
    );
    expect(host.activeIds()).toEqual(['fav']);
    await host.deactivate('fav');
    expect(host.routes.list()).toEqual([]);
    expect(host.capabilityContributions.list()).toEqual([]);
    expect(host.nodeHooks.list()).toEqual([]);
    expect(host.davLiveProperties().size).toBe(0);
    expect(host.activeIds()).toEqual([]);
    expect(deactivated).toEqual(['fav']);
  });

  it('a plugin whose activate throws keeps nothing registered, and the error names it', async () => {
    const failing = defineServerPlugin({
      id: 'broken',
      activate(ctx) {
        ctx.routes.register(route('broken.r'));
        ctx.capabilities.register({ id: 'broken.c', capabilities: () => ({}) });
        throw new Error('database missing');
      },
    });
    await expect(host.activate(failing)).rejects.toThrow('Plugin "broken": activation failed: database missing');
    expect(host.routes.list()).toEqual([]);
    expect(host.capabilityContributions.list()).toEqual([]);
    expect(host.activeIds()).toEqual([]);
    // The id is free again: the plugin can be activated once fixed.
    await host.activate(defineServerPlugin({ id: 'broken', activate: (ctx) => void ctx.routes.register(route('broken.r')) }));
    expect(host.routes.list()).toHaveLength(1);
  });

  it('merges capabilities key by key, leaves out a failing contribution, and drops a contribution with its plugin', async () => {
    const log = silentLog();
    host = new PluginHost(log);
    await host.activate(
      defineServerPlugin({
        id: 'trash',
        activate(ctx) {
          ctx.capabilities.register({ id: 'trash.caps', capabilities: () => ({ files: { undelete: true }, trash: { enabled: true } }) });
          ctx.capabilities.register({
            id: 'trash.bad',
            capabilities: () => {
              throw new Error('boom');
            },
          });
        },
      }),
    );
    const base = { files: { undelete: false, versioning: false }, core: { pollinterval: 60 } };
    expect(host.capabilities(base)).toEqual({ files: { undelete: true, versioning: false }, core: { pollinterval: 60 }, trash: { enabled: true } });
    expect(base.files.undelete).toBe(false);
    expect(log.lines).toContain('[plugin trash] the capabilities contribution "trash.bad" failed: boom');
    await host.deactivate('trash');
    expect(host.capabilities(base)).toEqual(base);
  });
});

describe('commands', () => {
  it('names a command <plugin id>:<name>, refuses the same name twice in a plugin and a bad name, and drops them with the plugin', async () => {
    const host = new PluginHost(silentLog());
    let ctx: ServerPluginContext | undefined;
    await host.activate(defineServerPlugin({ id: 'trash', activate: (c) => void (ctx = c) }));
    const run = () => 0;
    ctx!.commands.register({ id: 'trash.cleanup', name: 'cleanup', summary: 'Empties old trash.', run });
    expect(() => ctx!.commands.register({ id: 'trash.cleanup2', name: 'cleanup', summary: 'Again.', run })).toThrow('the command trash:cleanup is already registered');
    expect(() => ctx!.commands.register({ id: 'trash.bad', name: 'Clean Up', summary: 'x', run })).toThrow('its name must match');
    expect(() => ctx!.commands.register({ id: 'trash.mute', name: 'mute', summary: ' ', run })).toThrow('it needs a summary');
    expect([...host.commandsByName().keys()]).toEqual(['trash:cleanup']);
    await host.deactivate('trash');
    expect(host.commandsByName().size).toBe(0);
  });
});

describe('live properties', () => {
  const entry = { fileid: 7, path: '/a&b.txt', name: 'a&b.txt', type: 'file', size: 3, mtime: 1, etag: 'e', mime: 'text/plain' } as Parameters<LiveProperty['get']>[0];
  const pc = { user: { uid: 'alice' } } as Parameters<LiveProperty['get']>[1];

  it('renders a contributed property escaped, by its Clark name, and logs a failing one as absent', async () => {
    const log = silentLog();
    const host = new PluginHost(log);
    await host.activate(
      defineServerPlugin({
        id: 'trash',
        activate(ctx) {
          ctx.liveProperties.register({ id: 'trash.name', prefix: 'nc', name: 'trashbin-filename', get: (node) => `${node.uid}:${node.name}` });
          ctx.liveProperties.register({
            id: 'trash.broken',
            prefix: 'oc',
            name: 'broken',
            get: () => {
              throw new Error('no row');
            },
          });
        },
      }),
    );
    const properties = host.davLiveProperties();
    expect(properties.get('{http://nextcloud.org/ns}trashbin-filename')?.get(entry, pc)).toBe('alice:a&amp;b.txt');
    expect(properties.get('{http://owncloud.org/ns}broken')?.get(entry, pc)).toBeUndefined();
    expect(log.lines).toEqual(['[plugin trash] the live property oc:broken failed: no row']);
  });

  it('gives a property its prepare step and logs a failing one, the listing going on', async () => {
    const log = silentLog();
    const host = new PluginHost(log);
    let prepared = 0;
    await host.activate(
      defineServerPlugin({
        id: 'held',
        activate(ctx) {
          ctx.liveProperties.register({ id: 'fresh', prefix: 'nc', name: 'fresh', get: () => String(prepared), prepare: async () => void (prepared += 1) });
          ctx.liveProperties.register({
            id: 'stale',
            prefix: 'nc',
            name: 'stale',
            get: () => 'held',
            prepare: async () => {
              throw new Error('database gone');
            },
          });
          ctx.liveProperties.register({ id: 'plain', prefix: 'nc', name: 'plain', get: () => 'p' });
        },
      }),
    );
    const properties = host.davLiveProperties();
    await properties.get('{http://nextcloud.org/ns}fresh')?.prepare?.();
    expect(properties.get('{http://nextcloud.org/ns}fresh')?.get(entry, pc)).toBe('1');
    await expect(properties.get('{http://nextcloud.org/ns}stale')?.prepare?.()).resolves.toBeUndefined();
    expect(properties.get('{http://nextcloud.org/ns}stale')?.get(entry, pc)).toBe('held');
    expect(properties.get('{http://nextcloud.org/ns}plain')?.prepare).toBeUndefined();
    expect(log.lines).toEqual(['[plugin held] preparing the live property nc:stale failed: database gone']);
  });

  it("refuses a server property's name, a name another plugin gives, a bad prefix or name", async () => {
    const host = new PluginHost(silentLog());
    const contexts: ServerPluginContext[] = [];
    await host.activate(defineServerPlugin({ id: 'one', activate: (c) => void contexts.push(c) }));
    await host.activate(defineServerPlugin({ id: 'two', activate: (c) => void contexts.push(c) }));
    const [one, two] = contexts as [ServerPluginContext, ServerPluginContext];
    const get = () => 'x';
    expect(() => one.liveProperties.register({ id: 'fav', prefix: 'oc', name: 'favorite', get })).toThrow('oc:favorite is a property of the server');
    one.liveProperties.register({ id: 'p1', prefix: 'nc', name: 'label', get });
    expect(() => two.liveProperties.register({ id: 'p2', prefix: 'nc', name: 'label', get })).toThrow('nc:label is already given by "one"');
    expect(() => two.liveProperties.register({ id: 'p3', prefix: 'd' as 'oc', name: 'x', get })).toThrow('its prefix must be oc, nc or ocs');
    expect(() => two.liveProperties.register({ id: 'p4', prefix: 'oc', name: 'a b', get })).toThrow('its name must be an XML name');
    expect(() => two.liveProperties.register({ id: 'p5', prefix: 'oc', name: 'p5', get, prepare: 'soon' as unknown as () => Promise<void> })).toThrow('prepare must be a function');
    expect([...host.davLiveProperties().keys()]).toEqual(['{http://nextcloud.org/ns}label']);
  });
});

describe('node hooks fired by the storage layer', () => {
  let files: FileService;
  let cleanup: () => Promise<void>;
  let host: PluginHost;
  let log: ReturnType<typeof silentLog>;
  const seen: string[] = [];
  const body = (text: string) => Readable.from([Buffer.from(text)]);

  beforeEach(async () => {
    ({ files, cleanup } = await makeTestFiles());
    await files.ensureUserRoot('alice');
    log = silentLog();
    host = new PluginHost(log);
    files.events.add(host.nodeEventListener());
    seen.length = 0;
  });
  afterEach(() => cleanup());

  const recorder = (id: string, extra: Partial<NodeHook> = {}): NodeHook => ({
    id,
    created: (node: PluginNode) => void seen.push(`created ${node.uid} ${node.path} ${node.type}`),
    changed: (node: PluginNode) => void seen.push(`changed ${node.path} ${node.size}`),
    deleted: (node: PluginNode) => void seen.push(`deleted ${node.path}`),
    moved: (node: PluginNode, from: string) => void seen.push(`moved ${from} -> ${node.path}`),
    ...extra,
  });

  it('tells hooks of created, changed, moved, copied and deleted nodes', async () => {
    await host.activate(defineServerPlugin({ id: 'recent', activate: (ctx) => void ctx.nodeHooks.register(recorder('recent.hook')) }));
    await files.mkdir('alice', '/docs');
    await files.write('alice', '/docs/a.txt', body('one'), { quota: -1 });
    await files.write('alice', '/docs/a.txt', body('three'), { quota: -1 });
    await files.move('alice', '/docs/a.txt', '/docs/b.txt');
    await files.copy('alice', '/docs/b.txt', '/c.txt', -1);
    await files.delete('alice', '/docs');
    expect(seen).toEqual([
      'created alice /docs folder',
      'created alice /docs/a.txt file',
      'changed /docs/a.txt 5',
      'moved /docs/a.txt -> /docs/b.txt',
      'created alice /c.txt file',
      'deleted /docs',
    ]);
  });

  it('tells hooks of the node a replacing move or copy removed', async () => {
    await files.write('alice', '/a.txt', body('a'), { quota: -1 });
    await files.write('alice', '/b.txt', body('bb'), { quota: -1 });
    await host.activate(defineServerPlugin({ id: 'recent', activate: (ctx) => void ctx.nodeHooks.register(recorder('recent.hook')) }));
    await files.move('alice', '/a.txt', '/b.txt', { replace: true });
    await files.write('alice', '/c.txt', body('ccc'), { quota: -1 });
    await files.copy('alice', '/c.txt', '/b.txt', -1, { replace: true });
    expect(seen).toEqual(['deleted /b.txt', 'moved /a.txt -> /b.txt', 'created alice /c.txt file', 'deleted /b.txt', 'created alice /b.txt file']);
  });

  it('asks replacing hooks before any content of an existing file is replaced, with who writes, and superseded after a COPY/MOVE onto it', async () => {
    await files.write('alice', '/a.txt', body('a'), { quota: -1 });
    await files.write('alice', '/b.txt', body('bb'), { quota: -1 });
    await host.activate(
      defineServerPlugin({
        id: 'versions',
        activate: (ctx) =>
          void ctx.nodeHooks.register({
            id: 'versions.hook',
            replacing: (node, { by }) => void seen.push(`replacing ${node.path} ${node.size} by ${by}`),
            superseded: (old, node) => void seen.push(`superseded ${old.fileid === node.fileid ? 'same' : 'other'} ${node.path}`),
          }),
      }),
    );
    await files.write('alice', '/a.txt', body('aaa'), { quota: -1, by: 'bob' });
    await files.write('alice', '/new.txt', body('n'), { quota: -1 });
    await files.move('alice', '/a.txt', '/b.txt', { replace: true });
    await files.copy('alice', '/new.txt', '/b.txt', -1, { replace: true });
    expect(seen).toEqual(['replacing /a.txt 1 by bob', 'replacing /b.txt 2 by alice', 'superseded other /b.txt', 'replacing /b.txt 3 by alice', 'superseded other /b.txt']);
  });

  it('a replacing hook that throws fails the write and the old content stays', async () => {
    await files.write('alice', '/kept.txt', body('old'), { quota: -1 });
    await host.activate(defineServerPlugin({ id: 'versions', activate: (ctx) => void ctx.nodeHooks.register({ id: 'versions.hook', replacing: () => Promise.reject(new Error('no room for the version')) }) }));
    await expect(files.write('alice', '/kept.txt', body('new'), { quota: -1 })).rejects.toThrow('no room for the version');
    const opened = await files.openRead('alice', '/kept.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('old');
  });

  it('a deleting hook may take the delete over: the server then leaves the node alone', async () => {
    await files.write('alice', '/keep.txt', body('keep'), { quota: -1 });
    const deleters: string[] = [];
    await host.activate(
      defineServerPlugin({
        id: 'trash',
        activate: (ctx) =>
          void ctx.nodeHooks.register(
            recorder('trash.hook', {
              deleting: (node, { deletedBy, path }) => {
                deleters.push(`${deletedBy} ${path}`);
                return node.name === 'keep.txt';
              },
            }),
          ),
      }),
    );
    await files.delete('alice', '/keep.txt');
    expect(seen).toEqual(['deleted /keep.txt']);
    // The owner deletes, unless the caller names another user (a share's recipient) and where they see the node.
    await files.delete('alice', '/keep.txt', { by: 'bob', byPath: '/Shared/keep.txt' });
    expect(deleters).toEqual(['alice /keep.txt', 'bob /Shared/keep.txt']);
    expect(await files.stat('alice', '/keep.txt')).not.toBeNull();
    await files.write('alice', '/gone.txt', body('x'), { quota: -1 });
    await files.delete('alice', '/gone.txt');
    expect(await files.stat('alice', '/gone.txt')).toBeNull();
  });

  it('a deleting hook that throws fails the delete and nothing is lost', async () => {
    await files.write('alice', '/a.txt', body('a'), { quota: -1 });
    await host.activate(
      defineServerPlugin({
        id: 'trash',
        activate: (ctx) =>
          void ctx.nodeHooks.register({
            id: 'trash.hook',
            deleting: () => {
              throw new Error('trash full');
            },
          }),
      }),
    );
    await expect(files.delete('alice', '/a.txt')).rejects.toThrow('trash full');
    expect(await files.stat('alice', '/a.txt')).not.toBeNull();
  });

  it('a hook that throws after the fact is logged with its plugin and the change stands; other hooks still run', async () => {
    await host.activate(
      defineServerPlugin({
        id: 'flaky',
        activate: (ctx) =>
          void ctx.nodeHooks.register({
            id: 'flaky.hook',
            created: () => {
              throw new Error('oops');
            },
          }),
      }),
    );
    await host.activate(defineServerPlugin({ id: 'recent', activate: (ctx) => void ctx.nodeHooks.register(recorder('recent.hook')) }));
    await files.write('alice', '/n.txt', body('n'), { quota: -1 });
    expect(await files.stat('alice', '/n.txt')).not.toBeNull();
    expect(seen).toEqual(['created alice /n.txt file']);
    expect(log.lines).toContain('[plugin flaky] the node hook "flaky.hook" failed on created: oops');
  });

  it('a deactivated plugin hears nothing more', async () => {
    await host.activate(defineServerPlugin({ id: 'recent', activate: (ctx) => void ctx.nodeHooks.register(recorder('recent.hook')) }));
    await host.deactivate('recent');
    await files.write('alice', '/quiet.txt', body('q'), { quota: -1 });
    await files.delete('alice', '/quiet.txt');
    expect(seen).toEqual([]);
  });
});

describe('PluginHost database', () => {
  it('gives a plugin the database for its own tables, applies its migrations once, and refuses names not its own', async () => {
    const db = openDatabase<unknown>(':memory:');
    try {
      const host = new PluginHost(silentLog(), { db, dialect: 'sqlite' });
      let runs = 0;
      const migrations = [
        {
          name: 'notes-001-items',
          async up(schema: Kysely<unknown>) {
            runs += 1;
            await schema.schema.createTable('notes_items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('text', 'text').execute();
          },
        },
      ];
      const plugin = defineServerPlugin({
        id: 'notes',
        async activate(ctx) {
          await ctx.database.migrate(migrations);
          expect(ctx.database.dialect).toBe('sqlite');
          await sql`insert into notes_items (id, text) values (1, 'kept')`.execute(ctx.database.db);
        },
      });
      await host.activate(plugin);
      await host.deactivate('notes');
      // Enabled again (the next start): the migration is not run twice and the rows are still there.
      await expect(host.activate(defineServerPlugin({ id: 'notes', activate: (ctx) => ctx.database.migrate(migrations) }))).resolves.toBeUndefined();
      expect(runs).toBe(1);
      const rows = await sql<{ text: string }>`select text from notes_items`.execute(db);
      expect(rows.rows).toEqual([{ text: 'kept' }]);

      await expect(
        host.activate(defineServerPlugin({ id: 'thief', activate: (ctx) => ctx.database.migrate([{ name: 'notes-002-steal', up: async () => undefined }]) })),
      ).rejects.toThrow('Plugin "thief": the migration "notes-002-steal" must be named "thief-…"');
      expect(host.activeIds()).toEqual(['notes']);
    } finally {
      await db.destroy();
    }
  });

  it('a plugin whose migration fails is not activated and keeps nothing registered', async () => {
    const db = openDatabase<unknown>(':memory:');
    try {
      const host = new PluginHost(silentLog(), { db, dialect: 'sqlite' });
      const failing = defineServerPlugin({
        id: 'broken',
        async activate(ctx) {
          ctx.routes.register(route('broken.list'));
          await ctx.database.migrate([{ name: 'broken-001', up: async () => Promise.reject(new Error('disk full')) }]);
        },
      });
      await expect(host.activate(failing)).rejects.toThrow('Plugin "broken": activation failed: disk full');
      expect(host.routes.list()).toEqual([]);
      expect(host.activeIds()).toEqual([]);
      const applied = await sql<{ name: string }>`select name from migrations`.execute(db);
      expect(applied.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
