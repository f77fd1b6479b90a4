import { Permission, i18nKey } from '@cumulus/sdk';

/**
 * The permission choices of the Sharing tab: the quick selects of links and user shares
 * (Nextcloud's), which permissions stand for which choice, and a user share's checkboxes.
 */

/** One choice of the quick permission selects: a label and the bits it sets. */
export interface Choice {
  label: string;
  permissions: number;
}

const VIEW_ONLY = Permission.READ;
const UPLOAD_AND_EDIT = Permission.READ | Permission.UPDATE | Permission.CREATE | Permission.DELETE;
const FILE_DROP = Permission.CREATE;
const FILE_EDIT = Permission.READ | Permission.UPDATE;

/**
 * Nextcloud's choices for a link (its sharing tab): on a folder "View only" (read),
 * "Allow upload and editing" (read, create, update, delete) and "File drop (upload only)"
 * (create only); on a file "View only" and "Can edit" (read, update). The server adds SHARE
 * to links with READ; a link matches a choice without it.
 */
export const LINK_CHOICES: Record<'folder' | 'file', readonly Choice[]> = {
  folder: [
    { label: i18nKey('View only'), permissions: VIEW_ONLY },
    { label: i18nKey('Allow upload and editing'), permissions: UPLOAD_AND_EDIT },
    { label: i18nKey('File drop (upload only)'), permissions: FILE_DROP },
  ],
  file: [
    { label: i18nKey('View only'), permissions: VIEW_ONLY },
    { label: i18nKey('Can edit'), permissions: FILE_EDIT },
  ],
};

/**
 * The quick choice of a user share (Nextcloud's quick share select): "View only" (read;
 * matched with or without reshare) or "Can edit" (every permission a node can carry);
 * anything else is "Custom permissions", whose checkboxes are under 'Options'.
 */
export const USER_CHOICES: Record<'folder' | 'file', readonly Choice[]> = {
  folder: [
    { label: i18nKey('View only'), permissions: VIEW_ONLY },
    { label: i18nKey('Can edit'), permissions: Permission.ALL },
  ],
  file: [
    { label: i18nKey('View only'), permissions: VIEW_ONLY },
    { label: i18nKey('Can edit'), permissions: FILE_EDIT | Permission.SHARE },
  ],
};

/** The choice a link's permissions stand for (SHARE aside), or null for custom ones. */
export function linkChoiceOf(permissions: number, isFolder: boolean): Choice | null {
  return LINK_CHOICES[isFolder ? 'folder' : 'file'].find((choice) => (permissions & ~Permission.SHARE) === choice.permissions) ?? null;
}

/** The choice a user share's permissions stand for, or null for custom ones. */
export function userChoiceOf(permissions: number, isFolder: boolean): Choice | null {
  const [view, edit] = USER_CHOICES[isFolder ? 'folder' : 'file'];
  if ((permissions & ~Permission.SHARE) === view?.permissions) return view;
  return permissions === edit?.permissions ? edit : null;
}

/** The permission checkboxes of a user share (product §6: read, edit, create, delete, reshare). */
export const USER_PERMISSIONS = [
  { bit: Permission.READ, label: i18nKey('Read'), folderOnly: false },
  { bit: Permission.UPDATE, label: i18nKey('Edit'), folderOnly: false },
  { bit: Permission.CREATE, label: i18nKey('Create'), folderOnly: true },
  { bit: Permission.DELETE, label: i18nKey('Delete'), folderOnly: true },
  { bit: Permission.SHARE, label: i18nKey('Reshare'), folderOnly: false },
] as const;
