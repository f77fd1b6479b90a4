import { definePlugin } from '@cumulus/sdk';
import type { PluginDefinition } from '@cumulus/sdk';
import { detailsTab } from '../surfaces/sidebar/detailsTab';
import { coreFileActions } from '../operations/core-actions/coreActions';
import { filesView } from '../surfaces/views/filesView';
import { newFolderEntry } from '../operations/new-folder/newFolderEntry';
import { uploadMenuEntries } from '../surfaces/uploads/uploadMenuEntries';
import type { ShellServices } from '../services/types';

/**
 * The shell's built-ins as a plugin with id `core`, activated through the
 * same SDK call as any remote, so the screen renders only from registries
 * and nothing in it knows an entry by name. Each built-in feature (file
 * actions, columns, sidebar tabs, settings sections, new-menu entries) adds its registration
 * here, one line each.
 */
export function createCorePlugin(services: Pick<ShellServices, 'dav' | 'host' | 'language' | 'api'>): PluginDefinition {
  return definePlugin({
    id: 'core',
    activate(ctx) {
      ctx.views.register(filesView(services.dav, ctx.t));
      for (const action of coreFileActions(services, ctx.t)) ctx.fileActions.register(action);
      ctx.sidebarTabs.register(detailsTab(ctx.t, services.language));
      for (const entry of uploadMenuEntries(services, ctx.t)) ctx.newMenuEntries.register(entry);
      ctx.newMenuEntries.register(newFolderEntry(services, ctx.t));
    },
  });
}
