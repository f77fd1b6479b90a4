import { entryContext } from '@cumulus/sdk';
import { showsCustomColumns } from '../../lib/engine';
import type { BreadcrumbAction, FolderNode, Registered, View } from '@cumulus/sdk';
import { useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { useServices, useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';
import { useRegistry } from '../../plugin-host/useRegistry';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { runSlotExec } from './runSlotExec';
import { injectPluginSlotStyles } from './styles';
import { useShellCommands } from './useShellCommands';
import { useLeaveSignal } from '../../model/navigation/leaveSignal';

injectPluginSlotStyles();

/** Whether `action` is offered on `folder` (an `enabled` that throws hides it, and is logged). */
function isOffered(action: Registered<BreadcrumbAction>, folder: FolderNode, view: View): boolean {
  try {
    return action.enabled?.(folder, view) ?? true;
  } catch (error) {
    console.error(`Breadcrumb action "${action.id}" of plugin "${action.pluginId}" failed in enabled`, error);
    return false;
  }
}

function ActionButton({ action, folder, view }: { action: Registered<BreadcrumbAction>; folder: FolderNode; view: View }) {
  const { host } = useServices();
  const shell = useShellCommands();
  const leave = useLeaveSignal();
  const label = action.displayName(folder, view);
  return (
    <button
      type="button"
      className="files-icon-button files-breadcrumb-action"
      data-breadcrumb-action={action.id}
      aria-label={label}
      title={action.title?.(folder, view) ?? label}
      onClick={() => runSlotExec(host, action, () => action.exec(entryContext({ nodes: [folder], view, folder, shell, signal: leave.next() })))}
    >
      <Icon svg={action.iconSvgInline(folder, view)} size={20} />
    </button>
  );
}

/**
 * The breadcrumb bar's plugin buttons (SDK `breadcrumbActions`, such as the
 * share button) on the folder on screen, each in its plugin's error
 * boundary. None below 512 px (spec: no share button there) nor before the
 * folder is known.
 */
export function BreadcrumbActions({ view, width }: { view: View; width: number }) {
  const t = useT();
  const actions = useRegistry(useServices().host.registries.breadcrumbActions);
  const folder = useAppSelector(selectCurrentFolder);
  if (folder === undefined || !showsCustomColumns(width)) return null;
  const offered = actions.filter((action) => isOffered(action, folder, view));
  if (offered.length === 0) return null;
  return (
    <div className="files-breadcrumb-actions">
      {offered.map((action) => (
        <PluginBoundary key={action.id} pluginId={action.pluginId} t={t}>
          <ActionButton action={action} folder={folder} view={view} />
        </PluginBoundary>
      ))}
    </div>
  );
}
