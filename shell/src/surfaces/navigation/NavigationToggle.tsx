import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { MENU_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import { appNavigationToggled } from '../../model/navigation/appNavigationSlice';

/** The id of the left navigation, which the toggle controls. */
export const NAVIGATION_ID = 'files-navigation';

/**
 * The app navigation toggle (hamburger) of the header: shown only where the
 * navigation is hidden (below 520 px, by the stylesheet), it opens the
 * navigation over the list.
 */
export function NavigationToggle() {
  const t = useT();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.appNavigation.open);
  const label = open ? t('Close navigation') : t('Open navigation');
  return (
    <button
      type="button"
      className="files-icon-button files-nav-toggle"
      aria-label={label}
      title={label}
      aria-expanded={open}
      aria-controls={NAVIGATION_ID}
      onClick={() => dispatch(appNavigationToggled(!open))}
    >
      <Icon svg={MENU_ICON} size={22} />
    </button>
  );
}
