import { useSyncExternalStore } from 'react';
import type { Translate } from '@cumulus/sdk';
import type { PluginFailure, PluginFailures } from './pluginFailures';

function describeFailure(failure: PluginFailure, t: Translate): string {
  if (failure.code === 'plugin-manifest-error') return t('Plugins could not be loaded: {reason}', { reason: failure.message });
  return t('Plugin "{id}" could not be loaded: {reason}', { id: failure.pluginId, reason: failure.reason });
}

/** One visible, announced alert per plugin that could not be loaded. */
export function PluginFailureAlerts({ failures, t }: { failures: PluginFailures; t: Translate }) {
  const list = useSyncExternalStore(failures.subscribe, failures.getSnapshot);
  if (list.length === 0) return null;
  return (
    <section aria-label={t('Plugin errors')}>
      {list.map((failure, index) => (
        <p
          // The list only grows, so the index is stable; an id can fail twice (a repeated manifest entry).
          key={index}
          role="alert"
          className="plugin-error"
          data-plugin-id={failure.code === 'plugin-load-error' ? failure.pluginId : undefined}
          data-kind={failure.kind}
        >
          {describeFailure(failure, t)}
        </p>
      ))}
    </section>
  );
}
