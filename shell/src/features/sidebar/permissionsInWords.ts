import { Permission, hasPermission } from '@cumulus/sdk';
import type { Permissions, Translate } from '@cumulus/sdk';

/** Each permission bit and how the Details tab names it (spec §3, §6). */
const PERMISSION_WORDS: readonly [number, string][] = [
  [Permission.READ, 'Read'],
  [Permission.UPDATE, 'Edit'],
  [Permission.CREATE, 'Create'],
  [Permission.DELETE, 'Delete'],
  [Permission.SHARE, 'Share'],
];

/**
 * A node's permission bits in words for people, e.g. 'Read, Edit, Delete';
 * 'None' when it has none.
 */
export function permissionsInWords(permissions: Permissions, t: Translate): string {
  const words = PERMISSION_WORDS.filter(([bit]) => hasPermission(permissions, bit)).map(([, word]) => t(word));
  return words.length === 0 ? t('None') : words.join(', ');
}
