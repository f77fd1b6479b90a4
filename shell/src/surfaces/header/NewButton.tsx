import { entryContext } from '@cumulus/sdk';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { cannotUploadLabel } from '../../lib/engine';
import type { FolderNode, NewMenuEntry, Registered } from '@cumulus/sdk';
import { useAppStore } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { PLUS_ICON } from '../../ui/icons/icons';
import { OnDemand, lazyComponent } from '../../ui/OnDemand';
import { useServices, useT } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { bindActionDispatch } from '../../operations/actions/actionDispatch';
import { selectCurrentContents } from '../../model/folder/selectors';
import { NewFolderDialog } from '../../operations/new-folder/NewFolderDialog';
import { newMenuGroups } from './newMenuEntries';
import { useLeaveSignal } from '../../model/navigation/leaveSignal';
import { useShellCommands } from '../plugin-slots/useShellCommands';

// The menu's code is fetched the first time it opens.
const NewMenu = lazyComponent(() => import('./NewMenu').then((module) => module.NewMenu));

/**
 * The New menu's form and its menu button (product §2: "A form with a menu
 * button labelled New (or Upload when the menu is off)"). It opens the menu
 * of the registered new-menu entries that apply to the folder: 'Upload from
 * device', 'Create new', then 'other'. With `noMenu` the button reads
 * 'Upload' and runs the first upload entry ('Upload files') directly. When
 * uploading is impossible it is disabled and says why (product §8): 'Your have
 * used your space quota and cannot upload files anymore' or 'You don’t have
 * permission to upload or create files here'; still named for screen readers.
 */
export function NewButton({ folder, noMenu = false }: { folder: FolderNode | undefined; noMenu?: boolean }) {
  const t = useT();
  const store = useAppStore();
  const services = useServices();
  const entries = useRegistry(services.host.registries.newMenuEntries);
  const shell = useShellCommands();
  const leave = useLeaveSignal();
  const refusal = folder === undefined ? null : cannotUploadLabel(folder, t);
  const canCreate = folder !== undefined && refusal === null;
  const groups = useMemo(() => (canCreate && folder !== undefined ? newMenuGroups(entries, folder) : []), [canCreate, folder, entries]);
  const direct = noMenu ? groups.find((group) => group.category === 'upload-from-device')?.entries[0] : undefined;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const usable = noMenu ? direct !== undefined : groups.length > 0;

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);

  const choose = (entry: Registered<NewMenuEntry>) => {
    close(true);
    if (folder === undefined) return;
    // The built-in entries reach the store through the services they were created with.
    bindActionDispatch(services, store.dispatch);
    // The contents at the moment of the choice, not of the last render.
    const state = store.getState();
    const contents = selectCurrentContents(state);
    const view = state.navigation.view === null ? undefined : services.host.registries.views.get(state.navigation.view);
    if (view === undefined) return;
    const ctx = entryContext({ nodes: contents, view, folder, shell, signal: leave.next() });
    Promise.resolve()
      .then(() => entry.handler(ctx))
      .catch((error: unknown) => console.error(`New menu entry "${entry.id}" of plugin "${entry.pluginId}" failed`, error));
  };

  return (
    <form className="files-new" onSubmit={(event) => event.preventDefault()}>
      <button
        ref={button}
        type="button"
        className="files-button files-button--primary"
        disabled={!usable}
        aria-haspopup={usable && !noMenu ? 'menu' : undefined}
        aria-expanded={usable && !noMenu ? open : undefined}
        aria-controls={usable && !noMenu && open ? menuId : undefined}
        aria-description={refusal ?? undefined}
        title={refusal ?? undefined}
        onClick={() => {
          if (direct !== undefined) return choose(direct);
          // 'New folder' opens a dialog: its code is fetched now, so it is there when chosen.
          if (!open) void NewFolderDialog.preload();
          setOpen(!open);
        }}
      >
        <Icon svg={PLUS_ICON} size={20} color="#ffffff" />
        <span>{noMenu ? t('Upload') : t('New')}</span>
      </button>
      {usable && !noMenu && open && (
        <OnDemand>
          <NewMenu id={menuId} groups={groups} anchor={button} onChoose={choose} onClose={close} />
        </OnDemand>
      )}
    </form>
  );
}
