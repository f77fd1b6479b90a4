import { DAV_PROPERTIES, davNamespaceDeclarations, davPropElements } from '@cumulus/sdk';

/**
 * The body of Nextcloud's REPORT `oc:filter-files` for the favorites (as `@nextcloud/files`
 * `getFavoritesReport` sends it): every favorite below the addressed folder, with
 * `properties` (default {@link DAV_PROPERTIES}).
 *
 * @throws Error when a property has an unknown prefix.
 */
export function favoritesReportBody(properties: readonly string[] = DAV_PROPERTIES): string {
  return (
    `<?xml version="1.0"?>\n<oc:filter-files${davNamespaceDeclarations()}>` +
    `<d:prop>${davPropElements(properties)}</d:prop>` +
    '<oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules>' +
    '</oc:filter-files>'
  );
}
