import { useEffect, useState } from 'react';
import { showsGridToggle } from '../../lib/engine';
import type { View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { GRID_ICON, LIST_ICON, RELOAD_ICON } from '../../ui/icons/icons';
import { useServices, useT } from '../../ui/ServicesContext';
import { canUpload } from '../../services/publicShare';
import { useElementWidth } from '../../ui/useElementWidth';
import { BidiText } from '../../ui/BidiText';
import { Breadcrumbs } from '../breadcrumbs/Breadcrumbs';
import { BreadcrumbActions } from '../plugin-slots/BreadcrumbActions';
import { setUserConfig } from '../../model/config/configThunks';
import { selectEnableNonAccessibleFeatures, selectGridView } from '../../model/config/selectors';
import { folderReloadRequested } from '../../model/base/folderActions';
import { selectCurrentFolder, selectIsRefreshing } from '../../model/folder/selectors';
import { NavigationToggle } from '../navigation/NavigationToggle';
import { selectDir } from '../../model/navigation/selectors';
import { UploadProgress } from '../uploads/UploadProgress';
import { FileListActions } from './FileListActions';
import { NewButton } from './NewButton';
import { documentTitle, pageHeading } from './pageTitle';

/**
 * Below this header width the upload controls are compact (icons, '1/3'), so they keep one row
 * beside New and Reload: in full words they take about 810 px (a 1024 px window's header, beside
 * the navigation, has about 720).
 */
const COMPACT_UPLOAD_WIDTH = 900;

/**
 * The top of the file list (product §2): the page heading (for screen readers)
 * and document title, the breadcrumbs, the New button with the upload
 * progress, the reload action, and the grid/list toggle.
 */
export function FilesHeader({ view }: { view: View }) {
  const t = useT();
  const { publicShare } = useServices();
  const dispatch = useAppDispatch();
  const dir = useAppSelector(selectDir);
  const folder = useAppSelector(selectCurrentFolder);
  const refreshing = useAppSelector(selectIsRefreshing);
  const grid = useAppSelector(selectGridView);
  const enableNonAccessibleFeatures = useAppSelector(selectEnableNonAccessibleFeatures);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const width = useElementWidth(element);
  const heading = pageHeading(view.name, dir, folder?.path === dir ? folder.displayname : dir.split('/').pop(), t);

  useEffect(() => {
    document.title = documentTitle(heading, t);
  }, [heading, t]);

  return (
    <header className="files-header" ref={setElement}>
      <h1 className="files-visually-hidden">
        <BidiText text={heading} />
      </h1>
      {/* A public link's page has no navigation to open, and a New menu only where the link takes uploads. */}
      {publicShare === undefined && <NavigationToggle />}
      <Breadcrumbs view={view} width={width} />
      <BreadcrumbActions view={view} width={width} />
      <div className="files-header__actions">
        {(publicShare === undefined || canUpload(publicShare)) && <NewButton folder={folder} />}
        <FileListActions view={view} />
        <UploadProgress compact={width < COMPACT_UPLOAD_WIDTH} returnFocusTo={() => element?.querySelector<HTMLElement>('.files-new button') ?? null} />
        <button type="button" className="files-icon-button" aria-label={t('Reload content')} title={t('Reload content')} onClick={() => dispatch(folderReloadRequested())}>
          {refreshing ? <span className="files-spinner" aria-hidden="true" /> : <Icon svg={RELOAD_ICON} size={20} />}
        </button>
      </div>
      <div className="files-header__end">
        {showsGridToggle(width, enableNonAccessibleFeatures) && (
          <button
            type="button"
            className="files-icon-button"
            aria-label={grid ? t('Switch to list view') : t('Switch to grid view')}
            title={grid ? t('Switch to list view') : t('Switch to grid view')}
            aria-pressed={grid}
            onClick={() => void dispatch(setUserConfig({ key: 'grid_view', value: !grid }))}
          >
            <Icon svg={grid ? LIST_ICON : GRID_ICON} size={20} />
          </button>
        )}
      </div>
    </header>
  );
}
