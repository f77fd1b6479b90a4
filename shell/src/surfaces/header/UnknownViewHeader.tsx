import { useEffect } from 'react';
import { useAppSelector } from '../../model/store/hooks';
import { useT } from '../../ui/ServicesContext';
import { NavigationToggle } from '../navigation/NavigationToggle';
import { selectViewId } from '../../model/navigation/selectors';
import { documentTitle } from './pageTitle';

/**
 * The header while the route names a view that is not registered (yet, or
 * at all): the page heading and document title still say where the user is
 * (the view id from the route, or 'Files'), and the navigation toggle stays
 * reachable on narrow screens.
 */
export function UnknownViewHeader() {
  const t = useT();
  const viewId = useAppSelector(selectViewId);
  const heading = viewId ?? t('Files');
  useEffect(() => {
    document.title = documentTitle(heading, t);
  }, [heading, t]);
  return (
    <header className="files-header">
      <h1 className="files-visually-hidden">{heading}</h1>
      <NavigationToggle />
    </header>
  );
}
