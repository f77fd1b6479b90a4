import { Permission } from './permissions';
import type { Permissions } from './permissions';
import type { NodeType } from './types';

/** The letters that give CREATE, by node type: a file's content is written (W), a folder is created into (C, K). */
const CREATE_LETTERS: Record<NodeType | 'any', string> = { file: 'W', folder: 'CK', any: 'WCK' };

/**
 * Read the permission bits from a WebDAV `oc:permissions` string as
 * Nextcloud writes it (for example `RGDNVW` for a file, `RGDNVCK` for a
 * folder).
 *
 * - `G` gives READ.
 * - `N` (rename) or `V` (move) gives UPDATE.
 * - CREATE/WRITE (bit 4) comes from `W` (write the content of a file) on a
 *   file and from `C` (create a file in it) or `K` (create a folder in it) on
 *   a folder, as the spec puts it ("W on files and C or K on folders").
 *   Newer `@nextcloud/files` releases name bit 4 both CREATE and WRITE, so a
 *   file's `W` and a folder's `CK` land on the same bit. Given `type`, only
 *   that type's letters count (a folder's stray `W` gives nothing); without
 *   it, any of `W`, `C`, `K` gives the bit, for callers that do not know the
 *   node's type. One letter is enough (the client checked for the pairs `CK`
 *   and `NV`, which breaks if a server orders them differently).
 * - `D` gives DELETE; `R` gives SHARE.
 * - `S` (shared) and `M` (mounted) describe the node and carry no bit.
 *
 * READ is never assumed: it is set only by `G`, as Nextcloud's own parser
 * does. A missing or empty string gives NONE.
 *
 * @param davString the `oc:permissions` value
 * @param type the node's type when known; decides which letters give CREATE
 */
export function parsePermissions(davString: string | null | undefined, type?: NodeType): Permissions {
  if (!davString) return Permission.NONE;
  let permissions: Permissions = Permission.NONE;
  const has = (letters: string) => [...letters].some((letter) => davString.includes(letter));
  if (has('G')) permissions |= Permission.READ;
  if (has('NV')) permissions |= Permission.UPDATE;
  if (has(CREATE_LETTERS[type ?? 'any'])) permissions |= Permission.CREATE;
  if (has('D')) permissions |= Permission.DELETE;
  if (has('R')) permissions |= Permission.SHARE;
  return permissions;
}
