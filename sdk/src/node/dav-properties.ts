/**
 * The WebDAV namespaces of the Nextcloud dialect, by the prefixes the files
 * app writes them with.
 */
export const DAV_NAMESPACES = {
  d: 'DAV:',
  oc: 'http://owncloud.org/ns',
  nc: 'http://nextcloud.org/ns',
  ocs: 'http://open-collaboration-services.org/ns',
} as const;

/** A prefix of {@link DAV_NAMESPACES}. */
export type DavNamespacePrefix = keyof typeof DAV_NAMESPACES;

/** A property name qualified by a known prefix, such as `oc:fileid`. */
export type DavPropertyName = `${DavNamespacePrefix}:${string}`;

/**
 * The properties the files app asks for in every PROPFIND, qualified by the
 * prefixes of {@link DAV_NAMESPACES}.
 */
export const DAV_PROPERTIES: readonly DavPropertyName[] = Object.freeze([
  'd:getcontentlength',
  'd:getcontenttype',
  'd:getetag',
  'd:getlastmodified',
  'd:creationdate',
  'd:displayname',
  'd:quota-available-bytes',
  'd:resourcetype',
  'nc:has-preview',
  'nc:is-encrypted',
  'nc:mount-type',
  'nc:is-mount-root',
  'oc:comments-unread',
  'oc:favorite',
  'oc:fileid',
  'oc:id',
  'oc:owner-display-name',
  'oc:owner-id',
  'oc:permissions',
  'oc:size',
  'nc:upload_time',
  'nc:hidden',
  'oc:share-types',
  'nc:share-attributes',
  'ocs:share-permissions',
] as const);

/** A property split into its namespace URI and local name. */
export interface ResolvedDavProperty {
  /** The namespace URI, for example `http://owncloud.org/ns`. */
  namespace: string;
  /** The local name, for example `fileid`. */
  localName: string;
}

/**
 * Split a prefixed property name into namespace URI and local name.
 *
 * @throws Error when the prefix is not one of {@link DAV_NAMESPACES} or the
 * local name is missing.
 */
export function resolveDavProperty(name: string): ResolvedDavProperty {
  const colon = name.indexOf(':');
  const prefix = name.slice(0, colon);
  const localName = name.slice(colon + 1);
  if (colon <= 0 || !Object.hasOwn(DAV_NAMESPACES, prefix) || !/^[A-Za-z_][\w.-]*$/.test(localName)) {
    throw new Error(`Unknown WebDAV property "${name}": expected one of the prefixes ${Object.keys(DAV_NAMESPACES).join(', ')} and a local name`);
  }
  return { namespace: DAV_NAMESPACES[prefix as DavNamespacePrefix], localName };
}

/**
 * The XML body of a PROPFIND asking for `properties` (default
 * {@link DAV_PROPERTIES}), declaring every namespace of {@link DAV_NAMESPACES}.
 *
 * @throws Error when a property has an unknown prefix.
 */
export function propfindBody(properties: readonly string[] = DAV_PROPERTIES): string {
  properties.forEach(resolveDavProperty);
  const declarations = Object.entries(DAV_NAMESPACES)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  const props = properties.map((name) => `\t\t<${name} />\n`).join('');
  return `<?xml version="1.0"?>\n<d:propfind${declarations}>\n\t<d:prop>\n${props}\t</d:prop>\n</d:propfind>`;
}
