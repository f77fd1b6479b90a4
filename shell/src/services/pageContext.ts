/** What the server tells the page about the session (attributes on `<head>`, as Nextcloud does). */
export interface PageContext {
  /** The page's origin. */
  origin: string;
  /** The signed-in user's id (`data-user`). */
  uid: string;
  /** The signed-in user's display name (`data-user-displayname`). */
  displayName: string;
  /** The CSRF token for mutating requests (`data-requesttoken`). */
  requestToken: string;
  /**
   * Core flag enable_non-accessible_features (`data-enable-non-accessible-features`):
   * true unless the server says 'false' (product §2: default true).
   */
  enableNonAccessibleFeatures: boolean;
  /** The language the browser's Accept-Language asks for, among the interface's (`data-browser-language`); '' when not given. */
  browserLanguage: string;
}

/**
 * Reads the session from the `data-user`, `data-user-displayname` and
 * `data-requesttoken` attributes the server injects into `<head>`, and the
 * core flags beside them. Missing attributes give empty strings (the page then
 * asks `/ocs/v2.php/cloud/user`) and the flags' defaults.
 */
export function readPageContext(doc: Document = document): PageContext {
  const head = doc.head;
  return {
    origin: doc.location?.origin ?? '',
    uid: head.dataset['user'] ?? '',
    displayName: head.dataset['userDisplayname'] ?? '',
    requestToken: head.dataset['requesttoken'] ?? '',
    enableNonAccessibleFeatures: head.dataset['enableNonAccessibleFeatures'] !== 'false',
    browserLanguage: head.dataset['browserLanguage'] ?? '',
  };
}
