/**
 * Permission bit flags of a node (product §3, §6).
 *
 * The values match Nextcloud's `OCP\Constants` so that numbers read from a
 * Nextcloud server mean the same thing here.
 */
export const Permission = {
  /** No permission at all: the node has no details action. */
  NONE: 0,
  /** The node can be read. */
  READ: 1,
  /** The node can be changed: needed to drag it. */
  UPDATE: 2,
  /**
   * Children can be created in a folder (WebDAV `C`/`K`), or the content of a
   * file can be written (`W`, which newer Nextcloud clients call WRITE, same
   * bit): needed to copy into, drop into, upload and use New.
   */
  CREATE: 4,
  /** The node can be deleted: needed to move it. */
  DELETE: 8,
  /** The node can be shared: needed for the share button. */
  SHARE: 16,
  /** Every permission. */
  ALL: 31,
} as const;

/** A combination of {@link Permission} bits. */
export type Permissions = number;

/** Whether `permissions` holds every bit of `wanted`. */
export function hasPermission(permissions: Permissions, wanted: Permissions): boolean {
  return (permissions & wanted) === wanted;
}
