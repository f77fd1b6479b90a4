import { Permission, hasPermission, i18nKey } from '@cumulus/sdk';
import type { Permissions, Translate } from '@cumulus/sdk';

/** Each permission bit and how the Details tab names it (product §3, §6). */
const PERMISSION_WORDS: readonly [number, string][] = [
  [Permission.READ, i18nKey('Read')],
  [Permission.UPDATE, i18nKey('Edit')],
  [Permission.CREATE, i18nKey('Create')],
  [Permission.DELETE, i18nKey('Delete')],
  [Permission.SHARE, i18nKey('Share')],
];

/**
 * A node's permission bits in words for people, e.g. 'Read, Edit, Delete';
 * 'None' when it has none.
 */
export function permissionsInWords(permissions: Permissions, t: Translate): string {
  // i18n-dynamic: the words are marked in PERMISSION_WORDS.
  const words = PERMISSION_WORDS.filter(([bit]) => hasPermission(permissions, bit)).map(([, word]) => t(word));
  return words.length === 0 ? t('None') : words.join(', ');
}
