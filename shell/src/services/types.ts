import type { PluginHost, Translate } from '@cumulus/sdk';
import type { FilesApi } from './api/filesApi';
import type { DavService } from './dav/davService';
import type { PublicShare } from './publicShare';

/** Where the app can navigate to: a view, a folder in it, optionally a file. */
export interface FilesLocation {
  /** View id (the `{view}` route segment). */
  view: string;
  /** Folder path in the view; '/' for the root. */
  dir?: string;
  /** File id in the route, digits only. */
  fileid?: number;
  /** Whether the file should open (`openfile` query). */
  openfile?: boolean;
}

/** Navigation outside React (thunks, listeners): backed by the router once it exists. */
export interface Navigator {
  /** Goes to `location`; `replace` replaces the history entry. */
  navigate(location: FilesLocation, options?: { replace?: boolean }): void;
}

/**
 * Everything with side effects the store's thunks and listeners use (their
 * `extra` argument), and that components reach through `useServices()`.
 * Kept out of the state: the state holds plain data only.
 */
export interface ShellServices {
  /** WebDAV calls of the signed-in user. */
  dav: DavService;
  /** The files app's JSON API and OCS calls. */
  api: FilesApi;
  /** Registries, events and translation shared with plugins. */
  host: PluginHost;
  /** Translation of user-visible text (the spec's English strings are the keys). */
  t: Translate;
  /** The language `t` translates into (BCP 47): sorting names and formatting times follow it, not the browser's default. */
  language: string;
  /** Router navigation for code outside components. */
  navigator: Navigator;
  /** The signed-in user's id ('' on a public link's page). */
  uid: string;
  /** The signed-in user's display name (the user menu shows it; the id where missing). */
  displayName?: string;
  /**
   * Switches the interface language in place (no page load): the shell's texts, `<html lang>`
   * and `dir`, and every plugin's texts follow. Absent where the page cannot switch (tests,
   * the public link's page): the page then reloads to apply a new language.
   */
  changeLanguage?(language: string): Promise<void>;
  /**
   * Whether the change feed keeps the files view's folder on screen current (`startLiveUpdates`,
   * for a signed-in user): what the store holds of it is then the server's, and an upload into it
   * needs no listing of it, before (for its conflicts) or after.
   */
  liveFeed?: boolean;
  /** The public link the page shows (public mode: anonymous, no user config, quota or private views); absent for a signed-in user. */
  publicShare?: PublicShare;
}
