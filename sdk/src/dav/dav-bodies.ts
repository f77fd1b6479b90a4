import { DAV_NAMESPACES, resolveDavProperty } from '../node/dav-properties';

/**
 * The `xmlns:` attributes declaring every namespace of {@link DAV_NAMESPACES}
 * (` xmlns:d="DAV:" xmlns:oc="…"`), for a plugin writing its own WebDAV body
 * (a REPORT or SEARCH) with the prefixed property names the SDK knows.
 */
export function davNamespaceDeclarations(): string {
  return Object.entries(DAV_NAMESPACES)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
}

/**
 * The `<d:prop>` children asking for `properties` (`<oc:fileid/><d:getetag/>`).
 *
 * @throws Error when a property has an unknown prefix.
 */
export function davPropElements(properties: readonly string[]): string {
  properties.forEach(resolveDavProperty);
  return properties.map((name) => `<${name}/>`).join('');
}
