import { isolate } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';

/**
 * The page heading (product §2): the view name at the root, else the folder's
 * display name, a dash, then the view name. The name is isolated (U+2068 … U+2069: a title is
 * plain text), so `.part` stays `.part` in a right-to-left interface.
 */
export function pageHeading(viewName: string, dir: string, folderName: string | undefined, t: Translate): string {
  if (dir === '/' || !folderName) return viewName;
  return t('{folder} - {view}', { folder: isolate(folderName), view: viewName });
}

/** The document title: the heading (its names isolated, see {@link pageHeading}) and the product name. */
export function documentTitle(heading: string, t: Translate): string {
  return t('{heading} - {product}', { heading, product: t('Cumulus Files') });
}
