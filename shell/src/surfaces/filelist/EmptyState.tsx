import { useEffect, useRef } from 'react';
import type { View } from '@cumulus/sdk';
import { Icon } from '../../ui/icons/Icon';
import { FOLDER_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';

function CustomEmptyView({ view }: { view: View & { emptyView(el: HTMLElement): void } }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (host === null) return;
    view.emptyView(host);
    return () => host.replaceChildren();
  }, [view]);
  return <div ref={ref} className="files-empty__custom" />;
}

/**
 * The empty folder (product §2): the view's custom empty view when it has one,
 * else its title and caption (default 'No files in here' / 'Upload some
 * content or sync with your devices!'), and 'Go back' when not at the root.
 */
export function EmptyState({ view, pluginId, dir, onGoBack }: { view: View; pluginId: string; dir: string; onGoBack(): void }) {
  const t = useT();
  const emptyView = view.emptyView;
  return (
    <section className="files-empty" aria-labelledby="files-empty-title">
      {emptyView !== undefined ? (
        <PluginBoundary pluginId={pluginId} t={t}>
          <CustomEmptyView view={{ ...view, emptyView }} />
        </PluginBoundary>
      ) : (
        <>
          <Icon svg={view.icon || FOLDER_ICON} size={64} color="#9ca3af" />
          <h2 id="files-empty-title">{view.emptyTitle ?? t('No files in here')}</h2>
          <p>{view.emptyCaption ?? t('Upload some content or sync with your devices!')}</p>
        </>
      )}
      {dir !== '/' && (
        <button type="button" className="files-button" onClick={onGoBack}>
          {t('Go back')}
        </button>
      )}
    </section>
  );
}
