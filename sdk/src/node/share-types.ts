import { hasPermission, Permission } from './permissions';
import type { Node } from './types';

/**
 * Kinds of share, with the numbers Nextcloud uses in the `share-types`
 * attribute and the sharing API.
 */
export const ShareType = {
  /** Shared with a user. */
  USER: 0,
  /** Shared with a group. */
  GROUP: 1,
  /** Public link share. */
  LINK: 3,
  /** Shared by e-mail. */
  EMAIL: 4,
  /** Federated share with a user on another server. */
  REMOTE: 6,
  /** Shared with a circle (the older name of a team). */
  CIRCLE: 7,
  /** Shared with a team. */
  TEAM: 7,
  /** Shared with a guest user. */
  GUEST: 8,
  /** Federated share with a group on another server. */
  REMOTE_GROUP: 9,
  /** Shared with a chat room. */
  ROOM: 10,
  /** Shared with a deck board. */
  DECK: 12,
  /** Shared through ScienceMesh. */
  SCIENCEMESH: 15,
} as const;

/** One of the {@link ShareType} numbers. */
export type ShareType = (typeof ShareType)[keyof typeof ShareType];

/** The share types a node carries; [] when it has none or the attribute is malformed. */
export function shareTypesOf(node: Node): number[] {
  const types: unknown = node.attributes['share-types'];
  return Array.isArray(types) ? types.filter((type): type is number => typeof type === 'number') : [];
}

/**
 * Whether the share button is offered (product §6): the node has the share
 * permission and the sharing app is enabled.
 */
export function canShare(node: Node, sharingEnabled: boolean): boolean {
  return sharingEnabled && hasPermission(node.permissions, Permission.SHARE);
}
