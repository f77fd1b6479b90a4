import type { Translate } from '@cumulus/sdk';

/**
 * The page heading (spec §2): the view name at the root, else the folder's
 * display name, a dash, then the view name.
 */
export function pageHeading(viewName: string, dir: string, folderName: string | undefined, t: Translate): string {
  if (dir === '/' || !folderName) return viewName;
  return t('{folder} - {view}', { folder: folderName, view: viewName });
}

/** The document title: the heading and the product name. */
export function documentTitle(heading: string, t: Translate): string {
  return t('{heading} - {product}', { heading, product: t('Cumulus Files') });
}
