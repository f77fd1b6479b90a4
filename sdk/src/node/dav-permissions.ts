import { Permission } from './permissions';
import type { Permissions } from './permissions';

/**
 * Read the permission bits from a WebDAV `oc:permissions` string as
 * Nextcloud writes it (for example `RGDNVW` for a file, `RGDNVCK` for a
 * folder).
 *
 * - `G` gives READ.
 * - `N` (rename) or `V` (move) gives UPDATE.
 * - `W` (write the content of a file), `C` (create a file in a folder) or
 *   `K` (create a folder in a folder) gives CREATE. Newer `@nextcloud/files`
 *   releases name bit 4 both CREATE and WRITE and map `W` to it, so a file's
 *   `W` lands on the same bit as a folder's `CK`; each letter is accepted on
 *   either node type, one letter is enough (the client checked for the pairs
 *   `CK` and `NV`, which breaks if a server orders them differently).
 * - `D` gives DELETE; `R` gives SHARE.
 * - `S` (shared) and `M` (mounted) describe the node and carry no bit.
 *
 * READ is never assumed: it is set only by `G`, as Nextcloud's own parser
 * does. A missing or empty string gives NONE.
 */
export function parsePermissions(davString: string | null | undefined): Permissions {
  if (!davString) return Permission.NONE;
  let permissions: Permissions = Permission.NONE;
  const has = (letters: string) => [...letters].some((letter) => davString.includes(letter));
  if (has('G')) permissions |= Permission.READ;
  if (has('NV')) permissions |= Permission.UPDATE;
  if (has('WCK')) permissions |= Permission.CREATE;
  if (has('D')) permissions |= Permission.DELETE;
  if (has('R')) permissions |= Permission.SHARE;
  return permissions;
}
