import { defineServerPlugin } from '@cumulus/server/plugin-api';
import { sharingCapabilities } from './capabilities';
import { sharingMigrations } from './migrations';
import { shareRoutes } from './ocs';
import { ShareService } from './shares';
import { ShareStore } from './store';

/**
 * Sharing's server part: the shares table, the Nextcloud OCS share API and sharee search at
 * their Nextcloud paths, the `files_sharing` capabilities, received shares mounted in the
 * recipients' trees, and `oc:share-types`.
 */
export default defineServerPlugin({
  id: 'sharing',
  async activate(ctx) {
    await ctx.database.migrate(sharingMigrations);
    const store = new ShareStore(ctx.database.db);
    await store.refreshTypes();
    // What recipients see change without the storage layer (a share landing, leaving, moving) goes to their feeds; a feed that fails leaves the share as it is.
    const notify = (changes: Parameters<typeof ctx.changes.emit>) => ctx.changes.emit(...changes).catch((error: unknown) => ctx.log.warn(`The change feed failed: ${error instanceof Error ? error.message : String(error)}`));
    const shares = new ShareService(store, ctx.files, ctx.users, notify);
    for (const route of shareRoutes(shares, ctx.users)) ctx.ocs.register(route);
    ctx.capabilities.register({ id: 'files_sharing', capabilities: sharingCapabilities });
    // Received shares appear in the recipient's tree, with the granted permissions only.
    // Changes inside a share reach its recipients' feeds at their paths (placementsOf).
    ctx.mounts.register({ id: 'received-shares', mounts: (uid) => shares.mountsOf(uid), placementsOf: (owner) => shares.placementsOf(owner) });
    // Link tokens for the server's public pages and public WebDAV.
    ctx.publicLinks.register({ id: 'links', resolve: (token) => shares.publicLink(token) });
    // Which kinds of shares the viewer made of a node (Nextcloud: the shares by the user): a
    // recipient or a link's visitor never learns of the owner's other shares.
    ctx.liveProperties.register({
      id: 'share-types',
      prefix: 'oc',
      name: 'share-types',
      get: (node) => store.typesOf(node.fileid, node.uid).map((type) => ({ prefix: 'oc' as const, name: 'share-type', text: String(type) })),
      // Shares made or removed through another server process of the same deployment.
      prepare: () => store.refreshTypesIfChanged(),
    });
    // A deleted node takes its shares (and those of everything inside it) along.
    ctx.nodeHooks.register({ id: 'sharing-forget-deleted', deleted: (node) => shares.forgetMissing(node.uid) });
  },
});
