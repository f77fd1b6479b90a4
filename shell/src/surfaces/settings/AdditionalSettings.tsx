import { entryContext } from '@cumulus/sdk';
import { useCallback, useId } from 'react';
import type { Registered, SettingsSection } from '@cumulus/sdk';
import { useServices, useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';
import { useRegistry } from '../../plugin-host/useRegistry';
import { EntryMount } from '../plugin-slots/EntryMount';
import { useAppSelector } from '../../model/store/hooks';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { useShellCommands } from '../plugin-slots/useShellCommands';

/**
 * 'Additional settings' (product §2): shown only when plugins registered
 * settings sections; each is mounted into its own element inside an error
 * boundary naming its plugin.
 */
export function AdditionalSettings() {
  const t = useT();
  const sections = useRegistry(useServices().host.registries.settingsSections);
  const headingId = useId();
  if (sections.length === 0) return null;
  return (
    <section className="files-settings__section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('Additional settings')}</h3>
      {sections.map((section) => (
        <PluginSettings key={`${section.pluginId}/${section.id}`} section={section} />
      ))}
    </section>
  );
}

function PluginSettings({ section }: { section: Registered<SettingsSection> }) {
  const t = useT();
  const headingId = useId();
  const { host } = useServices();
  const shell = useShellCommands();
  const folder = useAppSelector(selectCurrentFolder);
  const viewId = useAppSelector((state) => state.navigation.view);
  const view = viewId === null ? undefined : host.registries.views.get(viewId);
  const mount = useCallback(
    (el: HTMLElement, signal: AbortSignal) => (folder === undefined || view === undefined ? undefined : section.mount(el, entryContext({ nodes: [], view, folder, shell, signal }))),
    [section, view, folder, shell],
  );
  return (
    <section className="files-settings__plugin" aria-labelledby={headingId} data-plugin={section.pluginId}>
      <h4 id={headingId}>{section.name}</h4>
      <PluginBoundary pluginId={section.pluginId} t={t}>
        <EntryMount mount={mount} pluginId={section.pluginId} />
      </PluginBoundary>
    </section>
  );
}
