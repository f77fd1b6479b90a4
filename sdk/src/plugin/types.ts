import type { BreadcrumbAction } from '../entries/breadcrumb-action';
import type { Column } from '../entries/column';
import type { FileAction } from '../entries/file-action';
import type { FileListAction } from '../entries/file-list-action';
import type { FileListFilter } from '../entries/file-list-filter';
import type { NodeIndicator } from '../entries/node-indicator';
import type { NewMenuEntry } from '../entries/new-menu-entry';
import type { SettingsSection } from '../entries/settings-section';
import type { SidebarTab } from '../entries/sidebar-tab';
import type { View } from '../entries/view';
import type { Dialogs, HostDialogs } from '../dialogs';
import type { EventBus, ScopedEvents } from '../events/types';
import type { Registries } from '../registry/registries';
import type { Unregister } from '../registry/types';
import type { PluginError } from './plugin-error';

/** Translates an English source string (the catalogue key), filling `{name}` placeholders from `vars`. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A plugin's catalogue of one language: English source string → translation (plural keys as `<key>_<category>`). */
export type TranslationCatalogue = Readonly<Record<string, string>>;

/** Loads one catalogue, typically `() => import('./locales/de.json')` (a chunk of its own). */
export type TranslationLoader = () => Promise<TranslationCatalogue | { readonly default: TranslationCatalogue }>;

/**
 * A plugin's catalogues by language tag ('de', 'pt-BR', 'zh-CN', …; docs/translating.md).
 * Only the interface language's is loaded, before `activate`; English needs
 * none (the keys are English) unless the plugin has English plural forms.
 */
export type PluginTranslations = Readonly<Record<string, TranslationLoader>>;

/** A registry as a plugin sees it: it can only add, and gets back the undo. */
export interface ScopedRegistry<T> {
  /**
   * Validates and registers `entry`, stamped with the plugin's id. The
   * registration is taken back when the plugin deactivates.
   *
   * @throws RegistryError for an invalid entry or a taken id (see `Registry.register`)
   * @returns the undo of this registration
   */
  register(entry: T): Unregister;
}

/**
 * What a plugin's `activate` receives: registries and events scoped to the
 * plugin. Everything added or subscribed through it belongs to the plugin and
 * is taken back on deactivation or when activation fails.
 */
export interface PluginContext {
  /** The plugin's id. */
  readonly pluginId: string;
  /** Views of the left navigation. */
  readonly views: ScopedRegistry<View>;
  /** Custom columns of the file list. */
  readonly columns: ScopedRegistry<Column>;
  /** File actions. */
  readonly fileActions: ScopedRegistry<FileAction>;
  /** Entries of the New menu. */
  readonly newMenuEntries: ScopedRegistry<NewMenuEntry>;
  /** File-list filters. */
  readonly fileListFilters: ScopedRegistry<FileListFilter>;
  /** Tabs of the details sidebar. */
  readonly sidebarTabs: ScopedRegistry<SidebarTab>;
  /** Sections of the settings dialog. */
  readonly settingsSections: ScopedRegistry<SettingsSection>;
  /** Actions on a view's whole list (its header), such as emptying the trash. */
  readonly fileListActions: ScopedRegistry<FileListAction>;
  /** Status icons next to a node's name in the file list, such as sharing's 'Shared'. */
  readonly nodeIndicators: ScopedRegistry<NodeIndicator>;
  /** Buttons of the breadcrumb bar on the folder on screen, such as the share button. */
  readonly breadcrumbActions: ScopedRegistry<BreadcrumbAction>;
  /** The app's events; subscriptions end when the plugin deactivates. */
  readonly events: ScopedEvents;
  /** The app's dialogs (a confirmation); refused once the plugin deactivated. */
  readonly dialogs: Dialogs;
  /**
   * The interface language (BCP 47, e.g. 'de', 'pt-BR'): for dates and numbers with `Intl`.
   * When the user switches languages the plugin is activated again with a new context in the
   * new language (see `ActivePlugin.changeLanguage`), so the texts it registers follow.
   */
  readonly language: string;
  /**
   * Translates user-visible text in the interface language: from the
   * plugin's own catalogue (`translations` of `definePlugin`), else English.
   */
  t: Translate;
}

/** A plugin, as its module exports it (made with `definePlugin`). */
export interface PluginDefinition {
  /** Type tag: recognised by tag and version, never by `instanceof`. */
  readonly kind: 'cumulus.plugin';
  /** Version of this contract. */
  readonly apiVersion: 1;
  /** The plugin's id: lower case letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
  readonly id: string;
  /** Registers the plugin's entries and subscriptions through `ctx`. */
  activate(ctx: PluginContext): void | Promise<void>;
  /** Optional cleanup beyond what `ctx` takes back by itself. */
  deactivate?(): void | Promise<void>;
  /** The plugin's catalogues, which `ctx.t` translates from (see {@link PluginTranslations}). */
  readonly translations?: PluginTranslations;
  /**
   * The SDK version the plugin was built against, as `SDK_VERSION` from
   * `@cumulus/sdk/version` (a subpath bundled into the remote, not shared).
   * The loader refuses a remote whose major differs from the shell's SDK;
   * a remote named in the deployment config must declare it.
   */
  readonly sdkVersion?: string;
}

/** What `definePlugin` takes: a definition without its type tag. */
export interface PluginDefinitionInput {
  /** The plugin's id (see `PluginDefinition.id`). */
  id: string;
  /** See `PluginDefinition.activate`. */
  activate(ctx: PluginContext): void | Promise<void>;
  /** See `PluginDefinition.deactivate`. */
  deactivate?(): void | Promise<void>;
  /** See `PluginDefinition.sdkVersion`: pass `SDK_VERSION` from `@cumulus/sdk/version`. */
  sdkVersion?: string;
  /** See `PluginDefinition.translations`, e.g. `{ de: () => import('./locales/de.json') }`. */
  translations?: PluginTranslations;
}

/** What the shell gives `activatePlugin`. */
export interface PluginHost {
  /** The app's registries. */
  registries: Registries;
  /** The app's event bus. */
  events: EventBus;
  /** The app's translate function. */
  t: Translate;
  /** The interface language (BCP 47; default 'en'): which of a plugin's `translations` is loaded. */
  language?: string;
  /**
   * A plugin's `ctx.t`: translates from its catalogue in the interface
   * language (null when it has none), falling back to English. Without it
   * plugins get `t`.
   */
  translatorFor?(pluginId: string, catalogue: TranslationCatalogue | null): Translate;
  /** How the app shows dialogs for plugins; without it, `ctx.dialogs` refuses (a host with no screen). */
  dialogs?: HostDialogs;
  /** Receives every plugin failure (activation, deactivation, cleanup). */
  reportError?(error: PluginError): void;
}

/** A plugin that activated. */
export interface ActivePlugin {
  /** The plugin's id. */
  readonly id: string;
  /**
   * Runs the plugin's own `deactivate`, then takes back everything it
   * registered or subscribed. Never rejects: failures go to
   * `host.reportError`. Calling it again returns the same promise.
   */
  deactivate(): Promise<void>;
  /**
   * Follows a change of the interface language (`host.language`, already changed): loads the
   * plugin's catalogue of the new language, runs its own `deactivate`, takes back what it
   * registered and subscribed, and calls its `activate` again with a new context whose
   * `language` and `t` are the new language's; its entries are registered anew, so every text
   * it registered (view names, action names, columns) is in the new language. A plugin keeps
   * nothing across the switch but what it holds outside its context. Rejects with a
   * `PluginError` (phase `'activate'`, also reported) when the new activation fails; the plugin
   * then has nothing registered. Hosts without language changes never call it.
   */
  changeLanguage?(): Promise<void>;
}
