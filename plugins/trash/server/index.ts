import { defineServerPlugin } from '@cumulus/server/plugin-api';
import { TrashItems, trashMigrations } from './items';
import { TrashBin } from './trash-bin';
import { trashCollection } from './dav-collection';
import { trashConfig } from './settings';

/**
 * The trash's server part: a delete (from any client) moves the node into its owner's trash
 * instead of erasing it, the trash is served as Nextcloud's trashbin over WebDAV, and the
 * retention rule runs as a periodic job (and as `cumulus trash:expire`).
 */
let active: TrashBin | undefined;

export default defineServerPlugin({
  id: 'trash',
  async activate(ctx) {
    const config = trashConfig(process.env);
    await ctx.database.migrate(trashMigrations);
    const bin = new TrashBin(ctx.files, new TrashItems(ctx.database.db), config, ctx.log);
    active = bin;
    ctx.nodeHooks.register({
      id: 'trash.put-away',
      // Partial uploads never go to the trash (as Nextcloud's trash storage wrapper).
      // A node a share's recipient deletes is its owner's: it goes to the owner's trash, deleted by the
      // recipient, and a copy to the recipient's, where they saw it.
      deleting: async (node, { deletedBy, path }) => {
        if (node.name.endsWith('.part')) return false;
        await bin.put(node, deletedBy, path);
        return true;
      },
      // A size check queued after every write, as Nextcloud queues one: the files may have grown into the trash's share.
      created: (node) => bin.queueMakeRoom(node.uid),
      changed: (node) => bin.queueMakeRoom(node.uid),
    });
    ctx.davCollections.register(trashCollection(bin, ctx.users));
    ctx.capabilities.register({ id: 'trash.capabilities', capabilities: () => ({ files: { undelete: true, delete_from_trash: true } }) });
    ctx.jobs.register({ id: 'trash.expire', intervalSeconds: config.expireInterval, run: () => bin.expireAll().then(() => undefined) });
    ctx.commands.register({
      id: 'trash.expire',
      name: 'expire',
      usage: '[<uid>]',
      summary: 'Deletes the trash items the retention rule expires (of one user, or of all), now.',
      async run(args, io) {
        if (args.length > 1) {
          io.err('Usage: cumulus trash:expire [<uid>]');
          return 2;
        }
        const removed = args[0] === undefined ? await bin.expireAll() : await bin.expire(args[0]);
        io.out(`Expired ${removed} item${removed === 1 ? '' : 's'}.`);
        return 0;
      },
    });
  },
  async deactivate() {
    // The queued size checks finish while the database is still open.
    await active?.idle();
    active = undefined;
  },
});
