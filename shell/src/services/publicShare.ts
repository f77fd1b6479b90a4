/**
 * A public link as the page's `data-public-share` describes it: the server's facts of the
 * link (`@cumulus/protocol`'s {@link PublicShareFacts}, like Nextcloud's initial state
 * `files_sharing/*`). The shell then runs in public mode, anonymous, on the link's public
 * WebDAV `/public.php/dav/files/{token}`.
 */
import { canRead, readPublicShareFacts } from '@cumulus/protocol';
import type { PublicShareFacts } from '@cumulus/protocol';

export { canRead, canUpload, publicShareMode } from '@cumulus/protocol';
export type { PublicShareMode } from '@cumulus/protocol';

/** The link the page is for. */
export type PublicShare = PublicShareFacts;

/** Whether the page offers downloads: read, not hidden, not refused by the download attribute. */
export function downloadsAllowed(share: PublicShare): boolean {
  return canRead(share) && !share.hideDownload && share.downloadable;
}

/**
 * The public link the page is for, from `<head data-public-share>`; null on a signed-in
 * user's page (no attribute) or when the attribute does not describe a link.
 */
export function readPublicShare(doc: Document = document): PublicShare | null {
  return readPublicShareFacts(doc.head.dataset['publicShare']);
}
