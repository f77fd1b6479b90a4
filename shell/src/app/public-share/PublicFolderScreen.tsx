import { useServices, useT } from '../../ui/ServicesContext';
import { Icon } from '../../ui/icons/Icon';
import { injectBaseStyles } from '../layout/baseStyles';
import { downloadsAllowed } from '../../services/publicShare';
import type { PublicShare } from '../../services/publicShare';
import { DOWNLOAD_ICON } from '../../operations/actions/icons';
import { ConfirmDialog } from '../../ui/confirm/ConfirmDialog';
import { FileList } from '../../surfaces/filelist/FileList';
import { FilterChips } from '../../surfaces/filter/FilterChips';
import { DropNotice } from '../../surfaces/drag/DropNotice';
import { FilesHeader } from '../../surfaces/header/FilesHeader';
import { UnknownViewHeader } from '../../surfaces/header/UnknownViewHeader';
import { NewFolderDialog } from '../../operations/new-folder/NewFolderDialog';
import { Toasts } from '../../ui/toasts/Toasts';
import { useCurrentView } from '../../surfaces/views/useCurrentView';
import { PublicShareBar } from './PublicShareBar';
import { injectPublicShareStyles } from './styles';

injectBaseStyles();
injectPublicShareStyles();

/**
 * A public folder link (Nextcloud's view publicShare): the Files screen without the
 * navigation of private views, the settings, the quota and the details sidebar. The list
 * browses into subfolders, sorts, selects and downloads; the New menu and drops upload only
 * on an upload-enabled link. 'Download all' is a plain link to the whole folder as one zip
 * (the server streams it, the browser's download manager saves it), unless downloads are hidden.
 */
export function PublicFolderScreen({ share }: { share: PublicShare }) {
  const t = useT();
  const view = useCurrentView();
  const { dav } = useServices();
  return (
    <div className="files-public">
      <PublicShareBar share={share}>
        {downloadsAllowed(share) && (
          <a className="files-public__download-all" href={`${dav.filesUrl.replace(/\/+$/, '')}/?accept=zip`}>
            <Icon svg={DOWNLOAD_ICON} size={18} color="#fff" />
            {t('Download all')}
          </a>
        )}
      </PublicShareBar>
      <div className="files-app">
        <main className="files-main" aria-label={view?.name ?? t('Files')}>
          {view !== undefined ? <FilesHeader view={view} /> : <UnknownViewHeader />}
          <FilterChips />
          <DropNotice />
          <FileList />
        </main>
        <NewFolderDialog />
        <ConfirmDialog />
        <Toasts />
      </div>
    </div>
  );
}
