import { useAppDispatch } from '../../app/hooks';
import { Icon } from '../../app/icons/Icon';
import { COG_ICON } from '../../app/icons/icons';
import { useServices, useT } from '../../app/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { FilenameFilter } from '../filter/FilenameFilter';
import { StorageQuota } from '../quota/StorageQuota';
import { settingsOpened } from '../settings/settingsSlice';
import { ViewTree } from '../views/ViewTree';

/**
 * The left navigation (spec §2): the filter box, the views, and a footer
 * with the storage quota and the 'Files settings' button.
 */
export function Navigation() {
  const t = useT();
  const dispatch = useAppDispatch();
  const views = useRegistry(useServices().host.registries.views);
  return (
    <nav className="files-nav" aria-label={t('Files')}>
      <FilenameFilter />
      <div className="files-nav__views">
        <ViewTree views={views} />
      </div>
      <div className="files-nav__footer">
        <StorageQuota />
        <button type="button" className="files-nav__settings" onClick={() => dispatch(settingsOpened())}>
          <Icon svg={COG_ICON} size={20} />
          <span>{t('Files settings')}</span>
        </button>
      </div>
    </nav>
  );
}
