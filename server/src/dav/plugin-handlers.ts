import type { FileEntry } from '../storage/model/types';
import type { FilesView } from '../storage/files/mounted-files';
import type { XmlElement } from './xml/element';

/** A REPORT as the plugins' handlers get it. */
export interface DavReportCall {
  uid: string;
  /** The addressed node's path (it exists). */
  path: string;
  /** The body's root element. */
  report: XmlElement;
  /** The files as the user sees them (their received shares mounted), when not the user's own tree alone. */
  files?: FilesView;
}

/** A SEARCH as the plugins' handlers get it. */
export interface DavSearchCall {
  uid: string;
  scope: string;
  depth: '0' | '1' | 'infinity';
  where: XmlElement | undefined;
  orderBy: { property: string; descending: boolean }[];
  limit: number | undefined;
  offset: number;
  /** The whole `d:basicsearch`. */
  search: XmlElement;
}

/**
 * What the enabled plugins add to REPORT and SEARCH, in the WebDAV layer's terms (the plugin
 * host implements it; see `plugin-host/dav-handlers.ts`). A failure a handler answers is
 * thrown as a `StorageError` of the matching kind.
 */
export interface DavPluginHandlers {
  /** The entries of the REPORT when a plugin answers it; undefined when none does (an unknown report). */
  report(call: DavReportCall): Promise<FileEntry[] | undefined>;
  /** The search answered whole by a plugin (`claim`), or entries plugins add to the server's own results. */
  search(call: DavSearchCall): Promise<{ claim: FileEntry[] } | { contribute: FileEntry[] }>;
}

/** No plugin handles anything. */
export const NO_PLUGIN_HANDLERS: DavPluginHandlers = {
  report: () => Promise.resolve(undefined),
  search: () => Promise.resolve({ contribute: [] }),
};
