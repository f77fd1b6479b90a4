/** The parent of a folder path in a view: '/Docs' for '/Docs/Sub', '/' for '/Docs' and '/'. */
export function parentDir(dir: string): string {
  const trimmed = dir.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}
