import { useAppSelector } from '../../model/store/hooks';
import { OnDemand, lazyComponent } from '../../ui/OnDemand';

const SettingsModal = lazyComponent(() => import('./SettingsModal').then((module) => module.SettingsModal));

/**
 * The Files settings dialog (product §2 "Settings dialog"), opened by the
 * navigation's 'Files settings' button: a modal dialog with the sections
 * Files settings, Additional settings (only when registered) and WebDAV.
 * Its code is fetched the first time it opens (see `SettingsModal`).
 */
export function SettingsDialog() {
  const open = useAppSelector((state) => state.settings.open);
  return open ? (
    <OnDemand>
      <SettingsModal />
    </OnDemand>
  ) : null;
}
