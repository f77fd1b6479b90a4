import { useT } from '../../app/ServicesContext';
import { injectBaseStyles } from '../../app/layout/baseStyles';
import type { PublicShare } from '../../services/publicShare';
import { ConfirmDialog } from '../confirm/ConfirmDialog';
import { FileList } from '../filelist/FileList';
import { FilterChips } from '../filter/FilterChips';
import { DropNotice } from '../header/DropNotice';
import { FilesHeader } from '../header/FilesHeader';
import { UnknownViewHeader } from '../header/UnknownViewHeader';
import { NewFolderDialog } from '../new-folder/NewFolderDialog';
import { Toasts } from '../toasts/Toasts';
import { useCurrentView } from '../views/useCurrentView';
import { PublicShareBar } from './PublicShareBar';
import { injectPublicShareStyles } from './styles';

injectBaseStyles();
injectPublicShareStyles();

/**
 * A public folder link (Nextcloud's view publicShare): the Files screen without the
 * navigation of private views, the settings, the quota and the details sidebar. The list
 * browses into subfolders, sorts, selects and downloads; the New menu and drops upload only
 * on an upload-enabled link.
 */
export function PublicFolderScreen({ share }: { share: PublicShare }) {
  const t = useT();
  const view = useCurrentView();
  return (
    <div className="files-public">
      <PublicShareBar share={share} />
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
