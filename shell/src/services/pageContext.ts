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
}

/**
 * Reads the session from the `data-user`, `data-user-displayname` and
 * `data-requesttoken` attributes the server injects into `<head>`. Missing
 * attributes give empty strings (the page then asks `/ocs/v2.php/cloud/user`).
 */
export function readPageContext(doc: Document = document): PageContext {
  const head = doc.head;
  return {
    origin: doc.location?.origin ?? '',
    uid: head.dataset['user'] ?? '',
    displayName: head.dataset['userDisplayname'] ?? '',
    requestToken: head.dataset['requesttoken'] ?? '',
  };
}
