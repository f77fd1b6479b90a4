import { entryContext } from '@cumulus/sdk';
import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { formatFileSize, isFile, isPendingSize } from '@cumulus/sdk';
import type { FileAction, FileActionToggle, FolderNode, Node, Registered, ShellCommands, SidebarTab, View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { useLanguage, useServices, useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';
import { useRegistry } from '../../plugin-host/useRegistry';
import { canDownload, downloadHref } from '../../operations/core-actions/downloadAction';
import { DOWNLOAD_ICON } from '../../operations/actions/icons';
import { selectUserConfig } from '../../model/config/selectors';
import { NodePreview } from '../node-preview/NodePreview';
import { formatRelativeTime } from '../node-preview/relativeTime';
import { EntryMount } from '../plugin-slots/EntryMount';
import { isActionEnabled } from '../../operations/actions/menuActions';
import { runFileAction } from '../../operations/actions/runFileAction';
import { CLOSE_ICON } from './icons';
import { sidebarClosed, sidebarTabChanged } from '../../model/sidebar/sidebarSlice';
import { activeSidebarTab, enabledSidebarTabs } from '../../model/sidebar/sidebarTabs';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { useShellCommands } from '../plugin-slots/useShellCommands';
import { injectSidebarStyles } from './styles';

injectSidebarStyles();

/**
 * The enabled file actions that offer `node` a toggle in the header
 * (`sidebarToggle`, the Favorites plugin's star), with what each shows. A
 * toggle that throws is left out and logged with its plugin.
 */
function headerToggles(
  actions: readonly Registered<FileAction>[],
  node: Node,
  view: View,
  folder: FolderNode | undefined,
  shell: ShellCommands,
): { action: Registered<FileAction>; toggle: FileActionToggle }[] {
  if (folder === undefined) return [];
  return actions.flatMap((action) => {
    if (action.sidebarToggle === undefined || !isActionEnabled(action, [node], view)) return [];
    try {
      // Synchronous like a badge: the context's signal never aborts.
      const toggle = action.sidebarToggle(entryContext({ nodes: [node], view, folder, shell }));
      return toggle === null ? [] : [{ action, toggle }];
    } catch (error) {
      console.error(`File action "${action.id}" of plugin "${action.pluginId}" failed to give its sidebar toggle`, error);
      return [];
    }
  });
}

/** Keys that move between tabs (the ARIA tabs pattern). */
const TAB_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** The open sidebar of `node` (loaded on demand by `Sidebar`): header, tabs and the active tab's panel. */
export function SidebarPanel({ node, view }: { node: Node; view: View }) {
  const t = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const { host, dav } = useServices();
  const registered = useRegistry(host.registries.sidebarTabs);
  const tabs = useMemo(() => enabledSidebarTabs(registered, node), [registered, node]);
  // Toggles of file actions (the Favorites plugin's star): there while their plugin's action is registered.
  const shell = useShellCommands();
  const folder = useAppSelector(selectCurrentFolder);
  const toggles = headerToggles(useRegistry(host.registries.fileActions), node, view, folder, shell);
  const active = activeSidebarTab(tabs, useAppSelector((state) => state.sidebar.tab));
  const crop = useAppSelector(selectUserConfig).crop_image_previews;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabButtons = useRef(new Map<string, HTMLButtonElement>());
  const ids = useId();
  const tabId = (tab: SidebarTab) => `${ids}-tab-${tab.id}`;
  const panelId = `${ids}-panel`;

  // Focus moves into the sidebar when it opens and back where it was when it closes.
  useEffect(() => {
    const previous = document.activeElement;
    headingRef.current?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  const close = () => dispatch(sidebarClosed());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Escape here is the sidebar's: it must not also clear the list's selection.
    event.stopPropagation();
    close();
  };
  const onTabKeyDown = (event: KeyboardEvent, index: number) => {
    if (!TAB_KEYS.has(event.key)) return;
    event.preventDefault();
    const last = tabs.length - 1;
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : index === last ? 0 : index + 1;
    const tab = tabs[next];
    if (tab === undefined) return;
    dispatch(sidebarTabChanged(tab.id));
    tabButtons.current.get(tab.id)?.focus();
  };

  const size = isPendingSize(node.size) ? t('Pending') : formatFileSize(node.size as number, { locale: language });
  return (
    <aside className="files-sidebar" aria-label={t('Details of "{name}"', { name: node.displayname })} onKeyDown={onKeyDown} data-source={node.source}>
      <header className="files-sidebar__header">
        <div className="files-sidebar__preview">
          <NodePreview key={node.source} node={node} size={128} crop={crop} displaySize={128} />
        </div>
        <div className="files-sidebar__heading">
          <h2 ref={headingRef} tabIndex={-1} className="files-sidebar__name" title={node.displayname} dir="auto">
            {node.displayname}
          </h2>
          <p className="files-sidebar__meta">
            <span>{size}</span>
            {node.mtime !== undefined && (
              <>
                <span aria-hidden="true"> · </span>
                <time dateTime={new Date(node.mtime).toISOString()} title={new Date(node.mtime).toLocaleString(language)}>
                  {formatRelativeTime(node.mtime, Date.now(), language)}
                </time>
              </>
            )}
          </p>
        </div>
        <div className="files-sidebar__header-actions">
          {toggles.map(({ action, toggle }) => (
            <button
              key={action.id}
              type="button"
              className="files-icon-button"
              aria-pressed={toggle.pressed}
              aria-label={toggle.label}
              title={action.displayName([node], view)}
              onClick={() => void dispatch(runFileAction({ actionId: action.id, source: node.source }))}
            >
              <Icon svg={toggle.iconSvgInline ?? action.iconSvgInline([node], view)} size={20} />
            </button>
          ))}
          {canDownload([node]) && (
            // A plain link: the browser's download manager saves the file, or the folder as one zip.
            <a className="files-icon-button" href={downloadHref(dav, node)} download={isFile(node) ? node.basename : undefined} aria-label={t('Download')} title={t('Download')}>
              <Icon svg={DOWNLOAD_ICON} size={20} />
            </a>
          )}
          <button type="button" className="files-icon-button" aria-label={t('Close sidebar')} title={t('Close sidebar')} onClick={close}>
            <Icon svg={CLOSE_ICON} size={20} />
          </button>
        </div>
      </header>
      {tabs.length > 0 && (
        <div role="tablist" aria-label={t('Sidebar tabs')} className="files-sidebar__tabs">
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(element) => {
                if (element === null) tabButtons.current.delete(tab.id);
                else tabButtons.current.set(tab.id, element);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={tab === active}
              aria-controls={panelId}
              tabIndex={tab === active ? 0 : -1}
              className="files-sidebar__tab"
              data-plugin={tab.pluginId}
              onClick={() => dispatch(sidebarTabChanged(tab.id))}
              onKeyDown={(event) => onTabKeyDown(event, index)}
            >
              <Icon svg={tab.icon} size={18} />
              <span>{tab.name}</span>
            </button>
          ))}
        </div>
      )}
      {active !== undefined && (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)} tabIndex={0} className="files-sidebar__panel">
          <PluginBoundary key={`${active.pluginId}/${active.id}/${node.source}`} pluginId={active.pluginId} t={t}>
            <TabContent tab={active} node={node} view={view} />
          </PluginBoundary>
        </div>
      )}
    </aside>
  );
}

/** One tab's content, mounted the framework-neutral way and mounted again for another node or view. */
function TabContent({ tab, node, view }: { tab: Registered<SidebarTab>; node: Node; view: View }) {
  const shell = useShellCommands();
  const folder = useAppSelector(selectCurrentFolder);
  const mount = useCallback(
    (el: HTMLElement, signal: AbortSignal) => (folder === undefined ? undefined : tab.mount(el, entryContext({ nodes: [node], view, folder, shell, signal }))),
    [tab, node, view, folder, shell],
  );
  return <EntryMount mount={mount} pluginId={tab.pluginId} className={`files-sidebar__tab-content files-sidebar__tab-content--${tab.id}`} />;
}
