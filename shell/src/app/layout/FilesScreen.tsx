import { ConfirmDialog } from '../../ui/confirm/ConfirmDialog';
import { DropNotice } from '../../surfaces/drag/DropNotice';
import { FilesHeader } from '../../surfaces/header/FilesHeader';
import { UnknownViewHeader } from '../../surfaces/header/UnknownViewHeader';
import { FileList } from '../../surfaces/filelist/FileList';
import { FilterChips } from '../../surfaces/filter/FilterChips';
import { Navigation } from '../../surfaces/navigation/Navigation';
import { NewFolderDialog } from '../../operations/new-folder/NewFolderDialog';
import { SettingsDialog } from '../../surfaces/settings/SettingsDialog';
import { Sidebar } from '../../surfaces/sidebar/Sidebar';
import { Toasts } from '../../ui/toasts/Toasts';
import { UnfinishedUploads } from '../../surfaces/uploads/UnfinishedUploads';
import { useCurrentView } from '../../surfaces/views/useCurrentView';
import { PluginFailureAlerts } from '../../plugin-host/PluginFailureAlerts';
import { usePluginFailures } from '../../plugin-host/PluginFailuresContext';
import { useT } from '../../ui/ServicesContext';
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
