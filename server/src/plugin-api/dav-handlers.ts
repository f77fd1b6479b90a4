/**
 * REPORT and SEARCH handlers: how a plugin's server part answers a WebDAV REPORT it names,
 * and claims or adds to a SEARCH. The server parses the request, checks the user and the
 * path, and renders the answer (the properties the client asked for, hrefs, multistatus);
 * the handler only says which nodes. Types only, like the rest of the contract.
 */
import type { PluginNode } from './types';

/** An element of a request body, namespaces resolved (`ns` is the URI, '' for none). */
export interface PluginXmlElement {
  readonly ns: string;
  readonly local: string;
  /** Attributes by Clark name (`{ns}local`, or `local` without a namespace). */
  readonly attributes: Readonly<Record<string, string>>;
  /** Child elements and text, in document order. */
  readonly children: readonly (PluginXmlElement | string)[];
}

/** What {@link PluginUserTree.find} looks for. */
export interface PluginNodeQuery {
  /** A folder path of the user's tree; nodes below it at any depth, never the folder itself. */
  below: string;
  /** Only favorites (`true`) or only non-favorites (`false`). */
  favorite?: boolean;
  /** Only files or only folders. */
  type?: 'file' | 'folder';
  /** Skip this many (after sorting by path). */
  offset?: number;
  /** At most this many. */
  limit?: number;
}

/** The signed-in user's tree, read-only, as a REPORT or SEARCH handler sees it. Paths never leave it. */
export interface PluginUserTree {
  /** The node at `path` (`/` is the user's root), or null when there is none. */
  stat(path: string): Promise<PluginNode | null>;
  /** The nodes matching `query`, sorted by path. */
  find(query: PluginNodeQuery): Promise<PluginNode[]>;
}

/** A failure the handler answers with: the status and the `s:message` of the error body. */
export interface DavFailure {
  readonly status: 400 | 403 | 404 | 409 | 412 | 415 | 501;
  readonly message: string;
}

/**
 * A handler's answer: nodes of the user's tree (the server renders one `d:response` each, in
 * this order, with the properties the request names), or a failure. A node the user's tree
 * does not hold (any more) is left out.
 */
export type DavNodesAnswer = { readonly nodes: readonly PluginNode[] } | { readonly failure: DavFailure };

/** A REPORT addressed to a node of the user's files tree. */
export interface PluginReportRequest {
  readonly uid: string;
  /** The addressed node's path in the user's tree (it exists; `/` for the root). */
  readonly path: string;
  /** The report element (the body's root), e.g. `oc:filter-files`. */
  readonly report: PluginXmlElement;
  readonly tree: PluginUserTree;
}

/**
 * The handler of one REPORT, chosen by the Clark name of the body's root element. The server
 * renders the nodes with the report's `d:prop` (all properties when it has none). With no
 * handler for a report (none registered, or its plugin disabled), or a handler that answers
 * undefined (not on this node, as Nextcloud's reports that only run on folders), the server
 * answers as sabre/dav does for an unknown report: 415 ReportNotSupported with
 * `d:supported-report`.
 */
export interface ReportHandler {
  /** Unique among report handlers. */
  id: string;
  /** The report element's Clark name, e.g. `{http://owncloud.org/ns}filter-files`; one handler per report. */
  report: string;
  handle(request: PluginReportRequest): DavNodesAnswer | undefined | Promise<DavNodesAnswer | undefined>;
}

/** One `d:order` of a SEARCH: the property's Clark name and the direction. */
export interface PluginSearchOrder {
  readonly property: string;
  readonly descending: boolean;
}

/** A SEARCH (`d:basicsearch`) on `/remote.php/dav/`, its scope already checked to be the user's. */
export interface PluginSearchRequest {
  readonly uid: string;
  /** The scope's path in the user's tree. */
  readonly scope: string;
  readonly depth: '0' | '1' | 'infinity';
  /** The condition inside `d:where`, or undefined for none. */
  readonly where: PluginXmlElement | undefined;
  readonly orderBy: readonly PluginSearchOrder[];
  /** `d:nresults`, when given. */
  readonly limit: number | undefined;
  /** `firstresult`, 0 when not given. */
  readonly offset: number;
  /** The whole `d:basicsearch`, for anything else a handler looks at. */
  readonly search: PluginXmlElement;
  readonly tree: PluginUserTree;
}

/**
 * A handler's part in a SEARCH:
 * - `undefined`: not its search;
 * - `{ claim: … }`: it answers the whole search (its nodes in its order, as the page asked);
 *   the first handler to claim wins and the server does not search;
 * - `{ contribute: … }`: nodes added to the server's own results, then ordered and cut to
 *   the limit with them (duplicates by file id once);
 * - `{ failure }`: the search fails with that status.
 */
export type SearchAnswer =
  | undefined
  | { readonly claim: readonly PluginNode[] }
  | { readonly contribute: readonly PluginNode[] }
  | { readonly failure: DavFailure };

/** A SEARCH handler: sees every SEARCH of a user's files, in registration order. */
export interface SearchHandler {
  /** Unique among search handlers. */
  id: string;
  search(request: PluginSearchRequest): SearchAnswer | Promise<SearchAnswer>;
}
