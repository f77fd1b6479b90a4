import type { FileStat } from 'webdav';
import { CORE_PROPERTIES, FOLDER_MIME, cleanEtag, createNode, encodeDavPath, numberProp, parsePermissions, parseShareAttributes, timeOf } from '@cumulus/sdk';
import type { Node, NodeAttributes } from '@cumulus/sdk';

/** `oc:share-types` arrives as '', `{ 'share-type': 3 }` or `{ 'share-type': [0, 3] }`. */
function shareTypesOf(value: unknown): number[] {
  if (typeof value !== 'object' || value === null) return [];
  const raw: unknown = (value as Record<string, unknown>)['share-type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map(numberProp).filter((type): type is number => type !== undefined);
}

/** What {@link mapFileStat} needs to know besides the stat. */
export interface MapContext {
  /** Absolute URL of the DAV endpoint the stat's filename is relative to, e.g. `https://cloud/remote.php/dav`. */
  davUrl: string;
  /** The node root, e.g. `/files/alice`. */
  root: string;
}

/**
 * Maps one PROPFIND response entry (as the `webdav` client parsed it, with
 * `details: true`) to an SDK node: source is the absolute URL, permissions
 * come from `oc:permissions`, share attributes are parsed, the remaining
 * properties are kept as attributes.
 */
export function mapFileStat(stat: FileStat, context: MapContext): Node {
  const props: Record<string, unknown> = { ...(stat.props ?? {}) };
  const isFolder = stat.type === 'directory';
  const attributes: NodeAttributes = {};
  for (const [name, value] of Object.entries(props)) {
    if (!CORE_PROPERTIES.has(name)) attributes[name] = value;
  }
  const etag = cleanEtag(props['getetag'] ?? stat.etag);
  if (etag !== undefined) attributes.etag = etag;
  attributes.favorite = numberProp(props['favorite']) === 1 ? 1 : 0;
  attributes['share-types'] = shareTypesOf(props['share-types']);
  if (props['share-attributes'] !== undefined) {
    attributes['share-attributes'] = parseShareAttributes(String(props['share-attributes']));
  }
  const quota = numberProp(props['quota-available-bytes']);
  if (quota !== undefined) attributes['quota-available-bytes'] = quota;
  const mountType = props['mount-type'];
  if (typeof mountType === 'string') attributes['mount-type'] = mountType as NodeAttributes['mount-type'];
  // The XML parser may leave it text: a received share's root is told by `true` alone.
  if (props['is-mount-root'] !== undefined) attributes['is-mount-root'] = String(props['is-mount-root']) === 'true';
  if (numberProp(props['is-encrypted']) === 1) attributes['is-encrypted'] = 1;

  const displayname = props['displayname'];
  const owner = props['owner-id'];
  const size = numberProp(props['size']) ?? numberProp(props['getcontentlength']) ?? (isFolder ? undefined : stat.size);
  return createNode({
    type: isFolder ? 'folder' : 'file',
    source: `${context.davUrl}${encodeDavPath(stat.filename)}`,
    root: context.root,
    displayname: typeof displayname === 'string' && displayname !== '' ? displayname : undefined,
    fileid: numberProp(props['fileid']),
    size,
    mtime: timeOf(props['getlastmodified'] ?? stat.lastmod),
    crtime: timeOf(props['creationdate']),
    permissions: parsePermissions(props['permissions'] === undefined ? undefined : String(props['permissions']), isFolder ? 'folder' : 'file'),
    owner: owner === undefined || owner === null || owner === '' ? null : String(owner),
    mime: isFolder ? FOLDER_MIME : stat.mime || undefined,
    attributes,
  });
}
