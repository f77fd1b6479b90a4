/** One step of the breadcrumb: a folder path and the name it shows. */
export interface Crumb {
  /** The folder path in the view. */
  dir: string;
  /** Its last segment; '' for the root. */
  name: string;
}

/** The crumbs of a folder path: the root first, then each folder down to `dir`. */
export function crumbsOf(dir: string): Crumb[] {
  const segments = dir.split('/').filter((segment) => segment !== '');
  const crumbs: Crumb[] = [{ dir: '/', name: '' }];
  segments.forEach((name, index) => crumbs.push({ dir: `/${segments.slice(0, index + 1).join('/')}`, name }));
  return crumbs;
}
