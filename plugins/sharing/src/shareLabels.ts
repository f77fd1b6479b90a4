import { ShareType, shareTypesOf } from '@cumulus/sdk';
import type { Node, Translate } from '@cumulus/sdk';
import { LINK_ICON, SHARING_ICON } from './icons';

/** The labels of the share button (product §2), also the i18n keys. */
export type ShareButtonLabel = 'Share' | 'Shared' | 'Shared by link';

/**
 * The share button's label (product §2): 'Share' when the node has no shares,
 * 'Shared by link' when any of them is a link share, otherwise 'Shared'.
 * The label is the English i18n key; translate it before showing it.
 */
export function shareButtonLabel(node: Node): ShareButtonLabel {
  const types = shareTypesOf(node);
  if (types.length === 0) return 'Share';
  return types.includes(ShareType.LINK) ? 'Shared by link' : 'Shared';
}

/** The signed-in user (`data-user` on `<head>`), '' outside a page. */
export function currentUser(): string {
  return globalThis.document?.head?.dataset['user'] ?? '';
}

/**
 * Who shared `node` with the signed-in user `uid`: the owner's display name (else id) when the
 * node lives in a received share or belongs to someone else; null for the user's own nodes.
 */
export function sharedBy(node: Node, uid: string): string | null {
  const received = node.attributes['mount-type'] === 'shared' || (node.owner !== null && uid !== '' && node.owner !== uid);
  if (!received) return null;
  const name: unknown = node.attributes['owner-display-name'];
  return typeof name === 'string' && name.trim() !== '' ? name : (node.owner ?? '');
}

/**
 * The share button's label for `node` (product §2: 'Share' with no shares, 'Shared' with user
 * shares, 'Shared by link' with any link share), translated from literal keys.
 */
export function shareLabel(t: Translate, node: Node): string {
  switch (shareButtonLabel(node)) {
    case 'Shared by link':
      return t('Shared by link');
    case 'Shared':
      return t('Shared');
    default:
      return t('Share');
  }
}

/** The icon that goes with the label: a link for link shares, the share icon otherwise. */
export function shareIcon(node: Node): string {
  return shareButtonLabel(node) === 'Shared by link' ? LINK_ICON : SHARING_ICON;
}
