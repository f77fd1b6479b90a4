import { defineServerPlugin } from '@cumulus/server/plugin-api';
import { filterFilesHandler } from './filter-files';

/**
 * The Favorites plugin's server part: the REPORT `oc:filter-files` that lists a user's
 * favorites. The favorite mark itself (PROPPATCH and PROPFIND of `oc:favorite`, the legacy tags
 * endpoint) is the server's, as in Nextcloud, where it belongs to the files themselves; with
 * this plugin disabled the report answers as an unknown one.
 */
export default defineServerPlugin({
  id: 'favorites',
  activate(ctx) {
    ctx.reports.register(filterFilesHandler);
  },
});
