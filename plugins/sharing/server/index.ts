import { defineServerPlugin } from '@cumulus/server/plugin-api';
import { sharingCapabilities } from './capabilities';
import { sharingMigrations } from './migrations';
import { shareRoutes } from './ocs';
import { ShareService } from './shares';
import { ShareStore } from './store';

/**
 * Sharing's server part: the shares table, the Nextcloud OCS share API and sharee search at
 * their Nextcloud paths, and the `files_sharing` capabilities.
 */
export default defineServerPlugin({
  id: 'sharing',
  async activate(ctx) {
    await ctx.database.migrate(sharingMigrations);
    const shares = new ShareService(new ShareStore(ctx.database.db), ctx.files, ctx.users);
    for (const route of shareRoutes(shares, ctx.users)) ctx.ocs.register(route);
    ctx.capabilities.register({ id: 'files_sharing', capabilities: sharingCapabilities });
    // A deleted node takes its shares (and those of everything inside it) along.
    ctx.nodeHooks.register({ id: 'sharing-forget-deleted', deleted: (node) => shares.forgetMissing(node.uid) });
  },
});
