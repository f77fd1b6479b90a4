import { memo, useState } from 'react';
import { isFolder, previewUrl } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { Icon } from '../../app/icons/Icon';
import { FILE_ICON, FOLDER_ICON, IMAGE_ICON, TEXT_ICON } from '../../app/icons/icons';

/** Folder icon colour: the product's primary blue. */
const FOLDER_COLOR = '#0082c9';

/** The local icon for a node's MIME type, used when there is no preview. */
export function mimeIconOf(node: Node): string {
  if (isFolder(node)) return FOLDER_ICON;
  if (node.mime.startsWith('image/')) return IMAGE_ICON;
  if (node.mime.startsWith('text/')) return TEXT_ICON;
  return FILE_ICON;
}

/**
 * A node's preview (spec §7: /core/preview at 32 px in the list, 128 px in
 * the grid, cropped per user config crop_image_previews); folders and failed
 * previews show the MIME icon.
 */
export const NodePreview = memo(function NodePreview({ node, size, crop, displaySize }: { node: Node; size: 32 | 128; crop: boolean; displaySize: number }) {
  const [failed, setFailed] = useState(false);
  if (isFolder(node) || node.fileid === undefined || failed) {
    return (
      <span className="files-preview files-preview--icon" style={{ width: displaySize, height: displaySize }}>
        <Icon svg={mimeIconOf(node)} size={Math.round(displaySize * 0.85)} color={isFolder(node) ? FOLDER_COLOR : '#6b7280'} />
      </span>
    );
  }
  return (
    <img
      className="files-preview"
      alt=""
      loading="lazy"
      width={displaySize}
      height={displaySize}
      src={previewUrl(node.fileid, node.attributes.etag, { size, crop })}
      onError={() => setFailed(true)}
    />
  );
});
