import type { FileAction, PluginHost, Registered, View } from '@cumulus/sdk';
import { PluginBoundary } from '../plugin-host/PluginBoundary';
import { PluginFailureAlerts } from '../plugin-host/PluginFailureAlerts';
import type { PluginFailures } from '../plugin-host/pluginFailures';
import { useRegistry } from '../plugin-host/useRegistry';

/** An SVG string as an image: shown, but never run as markup in the page. */
function SvgIcon({ svg }: { svg: string }) {
  return <img className="icon" alt="" width={20} height={20} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} />;
}

function ViewItem({ view }: { view: Registered<View> }) {
  return (
    <>
      <SvgIcon svg={view.icon} /> <span className="name">{view.name}</span>{' '}
      <span className="owner" data-testid="owner">
        {view.pluginId}
      </span>
    </>
  );
}

function FileActionItem({ action, view }: { action: Registered<FileAction>; view: View | undefined }) {
  // A file action describes itself for a selection in a view; none is selected on this page.
  const name = view === undefined ? action.id : action.displayName([], view);
  const icon = view === undefined ? '' : action.iconSvgInline([], view);
  return (
    <>
      {icon !== '' && <SvgIcon svg={icon} />} <span className="name">{name}</span>{' '}
      <span className="owner" data-testid="owner">
        {action.pluginId}
      </span>
    </>
  );
}

/**
 * The foundation's host page: what the plugins registered, and which plugins
 * failed. The Files screen replaces it; the plumbing (registries read through
 * useSyncExternalStore, one error boundary per plugin surface) stays.
 */
export function FoundationPage({ host, failures }: { host: PluginHost; failures: PluginFailures }) {
  const { t } = host;
  const views = useRegistry(host.registries.views);
  const fileActions = useRegistry(host.registries.fileActions);
  return (
    <main>
      <h1>{t('Cumulus Files')}</h1>
      <PluginFailureAlerts failures={failures} t={t} />
      <section aria-labelledby="views-heading">
        <h2 id="views-heading">{t('Views')}</h2>
        <ul aria-labelledby="views-heading">
          {views.map((view) => (
            <li key={view.id} data-view-id={view.id}>
              <PluginBoundary pluginId={view.pluginId} t={t}>
                <ViewItem view={view} />
              </PluginBoundary>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">{t('File actions')}</h2>
        <ul aria-labelledby="actions-heading">
          {fileActions.map((action) => (
            <li key={action.id} data-action-id={action.id}>
              <PluginBoundary pluginId={action.pluginId} t={t}>
                <FileActionItem action={action} view={views[0]} />
              </PluginBoundary>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
