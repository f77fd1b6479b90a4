import { entryContext } from '@cumulus/sdk';
import { useState } from 'react';
import type { FileListAction, FolderNode, Node, View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { useServices } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { folderReloadRequested } from '../../model/base/folderActions';
import { selectCurrentContents, selectCurrentFolder } from '../../model/folder/selectors';
import { showToast } from '../../ui/toasts/toasts';
import { useLeaveSignal } from '../../model/navigation/leaveSignal';
import { useShellCommands } from '../plugin-slots/useShellCommands';

/** Whether `action` is offered for the list (an `enabled` that throws hides it). */
function isEnabled(action: FileListAction, view: View, contents: Node[], folder: FolderNode): boolean {
  try {
    return action.enabled?.(view, contents, folder) ?? true;
  } catch (error) {
    console.error(`File list action "${action.id}" failed in enabled`, error);
    return false;
  }
}

/**
 * The header's buttons of the file-list actions (such as 'Empty deleted files') enabled for
 * the view and what it lists. A run toasts as a file action's does, then the folder is
 * listed again. While one runs, the buttons are aria-disabled, not disabled: a button that
 * asked for a confirmation keeps the focus it gets back when the dialog closes.
 */
export function FileListActions({ view }: { view: View }) {
  const services = useServices();
  const { t } = services;
  const dispatch = useAppDispatch();
  const actions = useRegistry(services.host.registries.fileListActions);
  const folder = useAppSelector(selectCurrentFolder);
  const contents = useAppSelector(selectCurrentContents);
  const [running, setRunning] = useState<string | null>(null);
  const shell = useShellCommands();
  const leave = useLeaveSignal();
  if (!folder) return null;
  const enabled = actions.filter((action) => isEnabled(action, view, contents, folder));
  const run = async (action: FileListAction): Promise<void> => {
    const displayName = action.displayName(view);
    setRunning(action.id);
    try {
      const result = await action.exec(entryContext({ nodes: contents, view, folder, shell, signal: leave.next() }));
      if (result === true) showToast({ type: 'success', message: t('"{displayName}" action executed successfully', { displayName }) });
      if (result === false) showToast({ type: 'error', message: t('"{displayName}" action failed', { displayName }) });
    } catch (error) {
      console.error(`File list action "${action.id}" failed`, error);
      showToast({ type: 'error', message: t('"{displayName}" action failed', { displayName }) });
    } finally {
      setRunning(null);
      dispatch(folderReloadRequested());
    }
  };
  return (
    <>
      {enabled.map((action) => (
        <button
          key={action.id}
          type="button"
          className="files-button files-list-action"
          data-action={action.id}
          aria-disabled={running !== null}
          onClick={() => {
            if (running === null) void run(action);
          }}
        >
          {action.iconSvgInline && <Icon svg={action.iconSvgInline(view)} size={20} />}
          <span>{action.displayName(view)}</span>
        </button>
      ))}
    </>
  );
}
