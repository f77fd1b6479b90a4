import { ConfirmDialog } from '../../features/confirm/ConfirmDialog';
import { DropNotice } from '../../features/header/DropNotice';
import { FilesHeader } from '../../features/header/FilesHeader';
import { UnknownViewHeader } from '../../features/header/UnknownViewHeader';
import { FileList } from '../../features/filelist/FileList';
import { FilterChips } from '../../features/filter/FilterChips';
import { Navigation } from '../../features/navigation/Navigation';
import { NewFolderDialog } from '../../features/new-folder/NewFolderDialog';
import { SettingsDialog } from '../../features/settings/SettingsDialog';
import { Sidebar } from '../../features/sidebar/Sidebar';
import { Toasts } from '../../features/toasts/Toasts';
import { UnfinishedUploads } from '../../features/uploads/UnfinishedUploads';
import { useCurrentView } from '../../features/views/useCurrentView';
import { PluginFailureAlerts } from '../../plugin-host/PluginFailureAlerts';
import { usePluginFailures } from '../PluginFailuresContext';
import { useT } from '../ServicesContext';
import { injectBaseStyles } from './baseStyles';

injectBaseStyles();

/**
 * The main files screen (product §2): navigation on the left, then the header,
 * the drop notice and the file list, the details sidebar on the right, and
 * the settings dialog above everything. Each part is a feature's component.
 */
export function FilesScreen() {
  const t = useT();
  const view = useCurrentView();
  const failures = usePluginFailures();
  return (
    <div className="files-app">
      <Navigation />
      <main className="files-main" aria-label={view?.name ?? t('Files')}>
        <PluginFailureAlerts failures={failures} t={t} />
        {view !== undefined ? <FilesHeader view={view} /> : <UnknownViewHeader />}
        <FilterChips />
        <UnfinishedUploads returnFocusTo={() => document.querySelector<HTMLElement>('.files-header .files-new button')} />
        <DropNotice />
        <FileList />
      </main>
      <Sidebar />
      <SettingsDialog />
      <NewFolderDialog />
      <ConfirmDialog />
      <Toasts />
    </div>
  );
}
