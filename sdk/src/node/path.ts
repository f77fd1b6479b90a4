/**
 * Slash-separated path helpers shared by the node model and the validation
 * rules. Internal to the SDK: the names are too generic to export from the
 * package root.
 */

/** `path` without trailing slashes, keeping a lone '/'. */
export function trimTrailingSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' && path.startsWith('/') ? '/' : trimmed;
}

/** The last segment of a path: 'b.txt' for '/a/b.txt', '' for '/'. */
export function lastSegment(path: string): string {
  const trimmed = trimTrailingSlashes(path);
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The parent of a path: '/a' for '/a/b.txt', '/' for '/a' and for '/'. */
export function parentPath(path: string): string {
  const trimmed = trimTrailingSlashes(path);
  const slash = trimmed.lastIndexOf('/');
  return slash <= 0 ? '/' : trimmed.slice(0, slash);
}

/** `name` appended to the folder path `dir`, with exactly one slash between. */
export function joinPath(dir: string, name: string): string {
  return `${trimTrailingSlashes(dir).replace(/\/$/, '')}/${name}`;
}

/**
 * The extension of a file name with its leading dot: '.gz' for 'a.tar.gz',
 * '' for 'README' and for dot files such as '.bashrc' (a leading dot starts
 * a name, not an extension).
 */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}
