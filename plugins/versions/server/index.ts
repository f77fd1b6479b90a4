import { defineServerPlugin } from '@cumulus/server/plugin-api';
import { VersionAuthors, VersionRecords, versionMigrations } from './records';
import { Versions } from './versions';
import { versionsCollection } from './dav-collection';
import { versionsConfig } from './settings';

/**
 * The versions' server part: before the content of an existing file is replaced (by any
 * path: PUT, chunked and bulk uploads, public links, COPY/MOVE onto it, a restore) the old
 * content is kept as a version; the versions are served as Nextcloud's versions tree over
 * WebDAV, and the retention rule runs as a periodic job (and as `cumulus versions:expire`).
 */
export default defineServerPlugin({
  id: 'versions',
  async activate(ctx) {
    const config = versionsConfig(process.env);
    await ctx.database.migrate(versionMigrations);
    const authors = new VersionAuthors(ctx.database.db);
    const versions = new Versions(ctx.files, new VersionRecords(ctx.database.db), config.retention, ctx.log);
    ctx.nodeHooks.register({
      id: 'versions.keep',
      replacing: async (node, { by }) => {
        // The version's author is who wrote the content being replaced; the new content is `by`'s.
        const author = (await authors.get(node.uid, node.fileid)) ?? node.uid;
        await versions.keep(node, author);
        await authors.set(node.uid, node.fileid, by);
      },
      superseded: async (old, node) => {
        await versions.rekey(node.uid, old.fileid, node.fileid);
        await authors.remove(node.uid, old.fileid);
      },
      // A file deleted for good (not into the trash) takes its versions along.
      deleted: async (node) => {
        if (node.type !== 'file' || (await ctx.files.held(node.uid, node.fileid))) return;
        await versions.deleteAll(node.uid, node.fileid);
        await authors.remove(node.uid, node.fileid);
      },
    });
    ctx.davCollections.register(versionsCollection(versions, ctx.files));
    ctx.capabilities.register({ id: 'versions.capabilities', capabilities: () => ({ files: { versioning: true, version_labeling: true, version_deletion: true } }) });
    ctx.jobs.register({ id: 'versions.expire', intervalSeconds: config.expireInterval, run: () => versions.expireAll().then(() => undefined) });
    ctx.commands.register({
      id: 'versions.expire',
      name: 'expire',
      usage: '[--user <uid>]',
      summary: 'Deletes the versions the retention rule and the size budget expire (of one user, or of all), now.',
      async run(args, io) {
        const user = args[0] === '--user' && args.length === 2 ? args[1] : undefined;
        if (args.length !== 0 && user === undefined) {
          io.err('Usage: cumulus versions:expire [--user <uid>]');
          return 2;
        }
        const removed = user === undefined ? await versions.expireAll() : await versions.expire(user);
        io.out(`Expired ${removed} version${removed === 1 ? '' : 's'}.`);
        return 0;
      },
    });
    ctx.commands.register({
      id: 'versions.cleanup',
      name: 'cleanup',
      usage: '[--user <uid>]',
      summary: 'Deletes all versions (of one user, or of all users).',
      async run(args, io) {
        const user = args[0] === '--user' && args.length === 2 ? args[1] : undefined;
        if (args.length !== 0 && user === undefined) {
          io.err('Usage: cumulus versions:cleanup [--user <uid>]');
          return 2;
        }
        const removed = await versions.cleanup(user);
        io.out(`Deleted ${removed} version${removed === 1 ? '' : 's'}.`);
        return 0;
      },
    });
  },
});
