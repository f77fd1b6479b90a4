import { useCallback, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { COG_ICON } from '../../ui/icons/icons';
import { useServices, useT } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { FilenameFilter } from '../filter/FilenameFilter';
import { StorageQuota } from '../quota/StorageQuota';
import { settingsOpened } from '../../model/settings/settingsSlice';
import { UserMenu } from '../user-menu/UserMenu';
import { ViewTree } from '../views/ViewTree';
import { appNavigationToggled } from '../../model/navigation/appNavigationSlice';
import { NAVIGATION_ID } from './NavigationToggle';
import { useNarrowScreen } from '../../ui/useNarrowScreen';
import { useOverlayFocus } from '../../ui/useOverlayFocus';

/**
 * The left navigation (product §2): the filter box, the scrolling views, the
 * pinned (sticky) views, and a footer with the storage quota, the 'Files
 * settings' button and the signed-in user's menu (settings, sign out). Below 520 px it is hidden; the header's toggle opens it
 * over the list as a modal overlay (focus kept inside, Escape or the
 * backdrop closes it).
 */
export function Navigation() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { host, uid } = useServices();
  const views = useRegistry(host.registries.views);
  const open = useAppSelector((state) => state.appNavigation.open);
  const overlay = useNarrowScreen() && open;
  const ref = useRef<HTMLElement>(null);
  const close = useCallback(() => dispatch(appNavigationToggled(false)), [dispatch]);
  const toggleButton = useCallback(() => document.querySelector<HTMLElement>('.files-nav-toggle'), []);
  useOverlayFocus(ref, overlay, close, toggleButton);
  return (
    <>
      {overlay && <div className="files-nav-backdrop" aria-hidden="true" onClick={close} />}
      <nav
        id={NAVIGATION_ID}
        ref={ref}
        className={open ? 'files-nav files-nav--open' : 'files-nav'}
        aria-label={t('Files')}
        role={overlay ? 'dialog' : undefined}
        aria-modal={overlay || undefined}
      >
        <FilenameFilter />
        <div className="files-nav__views">
          <ViewTree views={views} />
        </div>
        {/* Outside the scrolling list: sticky views stay in sight above the footer (product §2 "pinned if sticky"). */}
        <ViewTree views={views} pinned />
        <div className="files-nav__footer">
          <StorageQuota />
          <button
            type="button"
            className="files-nav__settings"
            onClick={() => {
              // The dialog takes the focus: the overlay's focus trap must not keep it.
              close();
              dispatch(settingsOpened());
            }}
          >
            <Icon svg={COG_ICON} size={20} />
            <span>{t('Files settings')}</span>
          </button>
          {uid !== '' && <UserMenu onBeforeSettings={close} />}
        </div>
      </nav>
    </>
  );
}
