import { definePlugin } from '@cumulus/sdk';
// Bundled, not shared: the SDK this remote was built against, checked by the shell's loader.
import { SDK_VERSION } from '@cumulus/sdk/version';
import { newNoteEntry } from './newNoteEntry';
import { notesTab } from './notesTab';
import { notesView } from './notesView';
import { rememberAction } from './rememberAction';
import { settingsSection } from './settingsSection';
import { sizeClassColumn } from './sizeColumn';
import { textOnlyFilter } from './textOnlyFilter';

/**
 * Acme Notes, a third-party plugin: one of each kind of entry the shell
 * offers. Everything registered through `ctx` is the plugin's and is taken
 * back by the shell when the plugin is switched off or fails.
 */
export default definePlugin({
  id: 'acme.notes',
  sdkVersion: SDK_VERSION,
  // Its catalogues, one per language, keyed by the English strings it passes to ctx.t (docs/translating.md).
  // The build keeps everything in remoteEntry.js, so the integrity hash covers the catalogues too.
  translations: { de: () => import('./locales/de.json') },
  activate(ctx) {
    const textOnly = textOnlyFilter(ctx.t);
    ctx.views.register(notesView(ctx.t));
    ctx.fileActions.register(rememberAction(ctx.t));
    ctx.columns.register(sizeClassColumn(ctx.t));
    ctx.newMenuEntries.register(newNoteEntry(ctx.t, ctx.events));
    ctx.fileListFilters.register(textOnly.filter);
    ctx.sidebarTabs.register(notesTab(ctx.t));
    ctx.settingsSections.register(settingsSection(ctx.t, textOnly));
  },
});
