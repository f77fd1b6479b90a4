import { englishTranslate } from '@cumulus/sdk';
import { isFolder } from '@cumulus/sdk';
import { hasPermission, Permission } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';

/**
 * Whether the folder's quota is exhausted: `quota-available-bytes` is exactly
 * 0 (product §5). Negative (unknown or unlimited) and missing values are not.
 */
export function isQuotaExceeded(folder: Node): boolean {
  return folder.attributes['quota-available-bytes'] === 0;
}

/**
 * Whether uploading into `folder` is possible (product §5): a folder with the
 * create permission whose quota is not exhausted.
 */
export function canUploadTo(folder: Node | null | undefined): boolean {
  return isFolder(folder) && hasPermission(folder.permissions, Permission.CREATE) && !isQuotaExceeded(folder);
}

/**
 * Why uploading into `folder` is not possible (product §8), or null when it is:
 * 'Your have used your space quota and cannot upload files anymore' (the
 * spec's wording, kept as the key) when the quota is exhausted, checked
 * first; 'You don’t have permission to upload or create files here' when the
 * create permission is missing.
 */
export function cannotUploadLabel(folder: Node, t: Translate = englishTranslate): string | null {
  if (isQuotaExceeded(folder)) return t('Your have used your space quota and cannot upload files anymore');
  if (!hasPermission(folder.permissions, Permission.CREATE)) return t('You don’t have permission to upload or create files here');
  return null;
}

/**
 * Check the destination of an upload (product §5): a folder with a source.
 *
 * @throws Error 'Invalid destination folder' otherwise.
 */
export function assertUploadDestination(destination: Node | null | undefined, t: Translate = englishTranslate): asserts destination is Node {
  if (!isFolder(destination) || typeof destination.source !== 'string' || destination.source === '') {
    throw new Error(t('Invalid destination folder'));
  }
}

/**
 * Check that someone may upload (product §5): a logged-in user, unless this is
 * a public share.
 *
 * @throws Error 'User is not logged in' otherwise.
 */
export function assertLoggedIn(user: string | { uid: string } | null | undefined, isPublic: boolean, t: Translate = englishTranslate): void {
  if (!isPublic && !user) throw new Error(t('User is not logged in'));
}

/**
 * Check the name of a directory to create (product §5): not empty or blank.
 *
 * @throws Error 'Can not create empty directory' otherwise.
 */
export function assertDirectoryName(name: string | null | undefined, t: Translate = englishTranslate): asserts name is string {
  if (typeof name !== 'string' || name.trim() === '') throw new Error(t('Can not create empty directory'));
}
