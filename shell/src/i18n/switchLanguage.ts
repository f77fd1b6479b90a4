import type { i18n as I18n } from 'i18next';
import type { ActivePlugin, PluginHost, Translate } from '@cumulus/sdk';
import type { ShellServices } from '../services/types';
import type { CatalogueLoader } from './loadCatalogue';
import { directionOf } from './languages';
import { PSEUDO_LANGUAGE } from './pseudoLocale';

/** What a language switch changes. */
export interface LanguageSwitchDeps {
  /** The shell's i18next instance. */
  i18n: I18n;
  /** Loads the shell's catalogue of a language. */
  load: CatalogueLoader;
  /** The services the store's thunks and the components use: their `t` and `language` are replaced. */
  services: ShellServices;
  /** The plugin host: its `t` and `language` are replaced before the plugins re-translate. */
  host: PluginHost;
  /** A new translator of the instance (a new function, so memoised texts are computed again). */
  translator(instance: I18n): Translate;
  /** The active plugins, the shell's own (`core`) first. */
  plugins(): readonly ActivePlugin[];
  /** Renders the app again with the changed services (state, dialogs and focus stay). */
  rerender(): void;
  /** The document whose `lang` and `dir` follow the language. */
  document?: Document;
}

/**
 * Switches the interface language in place, without a page load: the shell's catalogue of
 * `language` is loaded (its lazy chunk) and i18next changes language; `<html lang>` and `dir`
 * follow (right to left for Arabic); the services and the host get the new `t` and language
 * and the app renders again, keeping its state (an open settings dialog stays open); then
 * every plugin is activated again in the new language (`ActivePlugin.changeLanguage`: its
 * catalogue loaded, its entries registered anew with the new `ctx.t` and `ctx.language`),
 * so the texts plugins registered (view names, actions, columns) change too. A catalogue that
 * does not load leaves the interface in English, as at start. Switches run one after another.
 */
export function createLanguageSwitch(deps: LanguageSwitchDeps): (language: string) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  const doc = deps.document ?? document;
  const run = async (language: string): Promise<void> => {
    const { i18n } = deps;
    if (language !== 'en' && language !== PSEUDO_LANGUAGE && !i18n.hasResourceBundle(language, 'translation')) {
      try {
        i18n.addResourceBundle(language, 'translation', await deps.load(language), true, true);
      } catch (error) {
        console.warn(`No ${language} catalogue could be loaded; the interface shows English`, error);
      }
    }
    await i18n.changeLanguage(language);
    doc.documentElement.lang = language;
    doc.documentElement.dir = directionOf(language);
    const t = deps.translator(i18n);
    deps.services.t = t;
    deps.services.language = language;
    deps.host.t = t;
    deps.host.language = language;
    deps.rerender();
    for (const plugin of deps.plugins()) {
      try {
        await plugin.changeLanguage?.();
      } catch (error) {
        // Reported through the host already (phase 'activate'); the others still switch.
        console.error(`Plugin "${plugin.id}" did not switch to ${language}`, error);
      }
    }
  };
  return (language) => {
    const next = queue.then(() => run(language));
    queue = next.catch(() => undefined);
    return next;
  };
}
