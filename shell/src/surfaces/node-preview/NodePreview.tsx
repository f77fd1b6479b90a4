import { memo, useContext, useEffect, useState } from 'react';
import { isDownloadable, isFolder, nodePreviewUrl } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { Icon } from '../../ui/icons/Icon';
import { ServicesContext } from '../../ui/ServicesContext';
import type { PublicShare } from '../../services/publicShare';
import { FILE_ICON, FOLDER_ICON, IMAGE_ICON, TEXT_ICON } from '../../ui/icons/icons';
import { msUntilListQuiet } from './scrollActivity';

/** Folder icon colour: the product's primary blue. */
const FOLDER_COLOR = '#0082c9';

/** The local icon for a node's MIME type, used when there is no preview. */
export function mimeIconOf(node: Node): string {
  if (isFolder(node)) return FOLDER_ICON;
  if (node.mime.startsWith('image/')) return IMAGE_ICON;
  if (node.mime.startsWith('text/')) return TEXT_ICON;
  return FILE_ICON;
}

/** The MIME icon in the preview's place. */
function PreviewIcon({ node, displaySize }: { node: Node; displaySize: number }) {
  return (
    <span className="files-preview files-preview--icon" style={{ width: displaySize, height: displaySize }}>
      <Icon svg={mimeIconOf(node)} size={Math.round(displaySize * 0.85)} color={isFolder(node) ? FOLDER_COLOR : '#6b7280'} />
    </span>
  );
}

/**
 * Holds back a preview that mounts while the list scrolls until the list is at rest: a row
 * that only flies past then costs no request, no server thumbnail and no image document
 * (the main cost of a scrolled row).
 */
function useWaitForQuietList(): boolean {
  const [waiting, setWaiting] = useState(() => msUntilListQuiet() > 0);
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (): void => {
      const left = msUntilListQuiet();
      if (left > 0) timer = setTimeout(check, left);
      else setWaiting(false);
    };
    check();
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting;
}

/** A preview image that shows the MIME icon once it fails to load. */
function PreviewImage({ node, src, displaySize }: { node: Node; src: string; displaySize: number }) {
  const [failed, setFailed] = useState(false);
  const waiting = useWaitForQuietList();
  if (failed) return <PreviewIcon node={node} displaySize={displaySize} />;
  // The same box as the image, so nothing moves when it arrives.
  if (waiting) return <span className="files-preview" style={{ width: displaySize, height: displaySize }} />;
  return <img className="files-preview" alt="" loading="lazy" decoding="async" width={displaySize} height={displaySize} src={src} onError={() => setFailed(true)} />;
}

/**
 * The preview URL of a public link's node: Nextcloud's public preview
 * (`/apps/files_sharing/publicpreview/{token}?file=/path`, the path inside the
 * shared folder; a file link's own file). None for a link without downloads:
 * the server gives those only to requests an image element cannot make
 * (`X-NC-Preview`), so the rows show the MIME icon instead of a refused image.
 */
function publicPreviewUrl(share: PublicShare, node: Node, size: 32 | 128, crop: boolean): string | undefined {
  if (share.hideDownload || !share.downloadable) return undefined;
  const file = share.type === 'folder' ? node.path : '';
  return nodePreviewUrl({ fileid: node.fileid, attributes: { ...node.attributes, previewUrl: `/apps/files_sharing/publicpreview/${encodeURIComponent(share.token)}?file=${encodeURIComponent(file)}` } }, { size, crop });
}

/**
 * A node's preview: its own `previewUrl` attribute (product §3) or else
 * /core/preview (product §7), at 32 px in the list and 128 px in the grid,
 * cropped per user config crop_image_previews; folders, nodes without a
 * preview and failed previews show the MIME icon. A public link's visitor
 * gets the link's public preview; a node of a share without downloads shows
 * the MIME icon (its preview is refused to an image element, as Nextcloud does).
 */
export const NodePreview = memo(function NodePreview({ node, size, crop, displaySize }: { node: Node; size: 32 | 128; crop: boolean; displaySize: number }) {
  const share = useContext(ServicesContext)?.publicShare;
  const src = isFolder(node) || !isDownloadable(node) ? undefined : share ? publicPreviewUrl(share, node, size, crop) : nodePreviewUrl(node, { size, crop });
  if (src === undefined) return <PreviewIcon node={node} displaySize={displaySize} />;
  // Keyed by the URL: "failed" belongs to one image, not to whichever node this row shows next.
  return <PreviewImage key={src} node={node} src={src} displaySize={displaySize} />;
});
