import type { UploadEntry, UploadFile, UploadFolder } from './types';

/** Whether an entry is a folder wrapper (by its tag, never `instanceof`). */
export function isUploadFolder(entry: UploadEntry): entry is UploadFolder {
  return (entry as { kind?: unknown }).kind === 'folder';
}

/**
 * A folder wrapper (product §3): size the sum of its children's sizes,
 * lastModified the newest of theirs (0 when empty).
 *
 * @param path Path relative to the upload's destination ('/Photos/2024'); its last segment is the name.
 * @param originalName The name on the device, when the folder is uploaded under another one.
 */
export function createUploadFolder(path: string, children: readonly UploadEntry[], originalName?: string): UploadFolder {
  const normalised = `/${path.split('/').filter((segment) => segment !== '').join('/')}`;
  const name = normalised.slice(normalised.lastIndexOf('/') + 1);
  let size = 0;
  let lastModified = 0;
  for (const child of children) {
    size += child.size;
    lastModified = Math.max(lastModified, child.lastModified);
  }
  return Object.freeze({
    kind: 'folder' as const,
    name,
    originalName: originalName ?? name,
    path: normalised,
    children: Object.freeze([...children]),
    size,
    lastModified,
  });
}

/**
 * Folder trees from files with relative paths ('Photos/2024/a.jpg', as
 * `webkitRelativePath` or a drop's walked entries give): the top-level
 * entries of the upload, folders wrapped, in the order first met. Empty
 * folders can be given as paths ending in '/' with no file.
 */
export function uploadTreeFromPaths(files: readonly { path: string; file?: UploadFile }[]): UploadEntry[] {
  interface Draft {
    folders: Map<string, Draft>;
    entries: (UploadFile | { folder: string })[];
  }
  const root: Draft = { folders: new Map(), entries: [] };
  for (const { path, file } of files) {
    const segments = path.split('/').filter((segment) => segment !== '');
    const folderSegments = file === undefined ? segments : segments.slice(0, -1);
    let draft = root;
    for (const segment of folderSegments) {
      let next = draft.folders.get(segment);
      if (!next) {
        next = { folders: new Map(), entries: [] };
        draft.folders.set(segment, next);
        draft.entries.push({ folder: segment });
      }
      draft = next;
    }
    if (file !== undefined) draft.entries.push(file);
  }
  const build = (draft: Draft, prefix: string): UploadEntry[] =>
    draft.entries.map((entry) => {
      if (!('folder' in entry)) return entry;
      const path = `${prefix}/${entry.folder}`;
      return createUploadFolder(path, build(draft.folders.get(entry.folder) as Draft, path));
    });
  return build(root, '');
}
