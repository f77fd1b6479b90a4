import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Permission, hasPermission } from '@cumulus/sdk';
import type { FolderNode, NewMenuEntry, Registered } from '@cumulus/sdk';
import { useAppStore } from '../../app/hooks';
import { Icon } from '../../app/icons/Icon';
import { PLUS_ICON } from '../../app/icons/icons';
import { OnDemand, lazyComponent } from '../../app/OnDemand';
import { useServices, useT } from '../../app/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { selectCurrentContents } from '../folder/selectors';
import { newMenuGroups } from './newMenuEntries';

// The menu's code is fetched the first time it opens.
const NewMenu = lazyComponent(() => import('./NewMenu').then((module) => module.NewMenu));

/**
 * The New menu button (spec §2: "an upload button (or a disabled New
 * button)"). It opens the menu of the registered new-menu entries that apply
 * to the folder; with none (uploads come with their own feature) or without
 * create permission it is the disabled 'New' button, still named for screen
 * readers.
 */
export function NewButton({ folder }: { folder: FolderNode | undefined }) {
  const t = useT();
  const store = useAppStore();
  const entries = useRegistry(useServices().host.registries.newMenuEntries);
  const canCreate = folder !== undefined && hasPermission(folder.permissions, Permission.CREATE);
  const groups = useMemo(() => (canCreate && folder !== undefined ? newMenuGroups(entries, folder) : []), [canCreate, folder, entries]);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const usable = groups.length > 0;

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);

  const choose = (entry: Registered<NewMenuEntry>) => {
    close(true);
    if (folder === undefined) return;
    // The contents at the moment of the choice, not of the last render.
    const contents = selectCurrentContents(store.getState());
    Promise.resolve()
      .then(() => entry.handler(folder, contents))
      .catch((error: unknown) => console.error(`New menu entry "${entry.id}" of plugin "${entry.pluginId}" failed`, error));
  };

  return (
    <div className="files-new">
      <button
        ref={button}
        type="button"
        className="files-button files-button--primary"
        disabled={!usable}
        aria-haspopup={usable ? 'menu' : undefined}
        aria-expanded={usable ? open : undefined}
        aria-controls={usable && open ? menuId : undefined}
        title={canCreate ? undefined : t('You don’t have permission to upload or create files here')}
        onClick={() => setOpen(!open)}
      >
        <Icon svg={PLUS_ICON} size={20} color="#ffffff" />
        <span>{t('New')}</span>
      </button>
      {usable && open && (
        <OnDemand>
          <NewMenu id={menuId} groups={groups} anchor={button} onChoose={choose} onClose={close} />
        </OnDemand>
      )}
    </div>
  );
}
