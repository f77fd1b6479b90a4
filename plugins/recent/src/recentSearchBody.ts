import { DAV_PROPERTIES, davNamespaceDeclarations, davPropElements } from '@cumulus/sdk';

/** How many days back the Recent view looks. */
export const RECENT_DAYS = 14;
/** How many nodes the Recent view shows at most. */
export const RECENT_LIMIT = 100;

/** What {@link recentSearchBody} asks. */
export interface RecentSearchOptions {
  /** The user whose files are searched (the scope `/files/{uid}/`). */
  uid: string;
  /** Only nodes modified or uploaded after this time, in seconds. */
  since: number;
  /** The capability `dav.search_supports_upload_time`: an upload after `since` counts too. */
  uploadTime?: boolean;
  /** The capability `dav.search_supports_last_activity`: order by `nc:last_activity` instead of `d:getlastmodified`. */
  lastActivity?: boolean;
  /** Default {@link DAV_PROPERTIES}. */
  properties?: readonly string[];
  /** Default {@link RECENT_LIMIT}. */
  limit?: number;
}

/**
 * The body of the Recent view's SEARCH (Nextcloud `getRecentSearch`, sent to
 * `/remote.php/dav/`): files, and folders only when empty, of the user's whole tree modified
 * (or uploaded, with `uploadTime`) after `since`, newest first, at most `limit`.
 *
 * @throws Error when a property has an unknown prefix.
 */
export function recentSearchBody(options: RecentSearchOptions): string {
  const since = Math.floor(options.since);
  const after = (prop: string): string => `<d:gt><d:prop><${prop}/></d:prop><d:literal>${since}</d:literal></d:gt>`;
  const changed = options.uploadTime ? `<d:or>${after('d:getlastmodified')}${after('nc:upload_time')}</d:or>` : after('d:getlastmodified');
  const order = options.lastActivity ? 'nc:last_activity' : 'd:getlastmodified';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<d:searchrequest${davNamespaceDeclarations()} xmlns:ns="https://github.com/icewind1991/SearchDAV/ns">` +
    '<d:basicsearch>' +
    `<d:select><d:prop>${davPropElements(options.properties ?? DAV_PROPERTIES)}</d:prop></d:select>` +
    // Percent-encoding leaves nothing XML would read as markup.
    `<d:from><d:scope><d:href>/files/${encodeURIComponent(options.uid)}/</d:href><d:depth>infinity</d:depth></d:scope></d:from>` +
    '<d:where><d:and>' +
    '<d:or><d:not><d:eq><d:prop><d:getcontenttype/></d:prop><d:literal>httpd/unix-directory</d:literal></d:eq></d:not>' +
    '<d:eq><d:prop><oc:size/></d:prop><d:literal>0</d:literal></d:eq></d:or>' +
    changed +
    '</d:and></d:where>' +
    `<d:orderby><d:order><d:prop><${order}/></d:prop><d:descending/></d:order></d:orderby>` +
    `<d:limit><d:nresults>${options.limit ?? RECENT_LIMIT}</d:nresults><ns:firstresult>0</ns:firstresult></d:limit>` +
    '</d:basicsearch></d:searchrequest>'
  );
}
