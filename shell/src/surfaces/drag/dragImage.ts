import { isFolder, nodePreviewUrl } from '@cumulus/sdk';
import { MAX_DRAG_PREVIEWS } from '../../lib/engine';
import type { Node } from '@cumulus/sdk';
import { mimeIconOf } from '../node-preview/NodePreview';

/** Folder icon colour of the list, so the drag image looks like the rows. */
const FOLDER_COLOR = '#0082c9';

/** One preview of the drag image: the node's thumbnail (its own preview URL first, as in the rows), or its MIME icon. */
function previewOf(node: Node, doc: Document, crop: boolean): HTMLElement {
  const src = isFolder(node) ? undefined : nodePreviewUrl(node, { size: 32, crop });
  if (src !== undefined) {
    const image = doc.createElement('img');
    image.className = 'files-drag-image__preview';
    image.alt = '';
    image.width = 32;
    image.height = 32;
    image.src = src;
    return image;
  }
  // Drawn as an image like the list's icons: `currentColor` does not reach into an <img>.
  const icon = doc.createElement('img');
  icon.className = 'files-drag-image__preview files-drag-image__preview--icon';
  icon.alt = '';
  const svg = mimeIconOf(node).replace(/currentColor/g, isFolder(node) ? FOLDER_COLOR : '#6b7280');
  icon.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return icon;
}

/**
 * The picture that follows the pointer while rows are dragged (product §9 "Up
 * to 3 dragged previews"): the previews of the first `MAX_DRAG_PREVIEWS`
 * nodes, stacked, and the number of dragged nodes. Previews are cropped as
 * the user's `crop_image_previews` says, like the rows. The caller puts it
 * in the page for `setDragImage` and removes it right after.
 */
export function createDragImage(nodes: readonly Node[], options: { crop?: boolean; doc?: Document } = {}): HTMLElement {
  const { crop = true, doc = document } = options;
  const image = doc.createElement('div');
  image.className = 'files-drag-image';
  image.setAttribute('aria-hidden', 'true');
  const previews = doc.createElement('span');
  previews.className = 'files-drag-image__previews';
  for (const node of nodes.slice(0, MAX_DRAG_PREVIEWS)) previews.appendChild(previewOf(node, doc, crop));
  image.appendChild(previews);
  const count = doc.createElement('span');
  count.className = 'files-drag-image__count';
  count.textContent = String(nodes.length);
  image.appendChild(count);
  return image;
}
