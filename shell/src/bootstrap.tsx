import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { createEventBus, createRegistries } from '@cumulus/sdk';
import type { PluginHost } from '@cumulus/sdk';
import { FoundationPage } from './app/FoundationPage';
import { createI18n, translatorOf } from './i18n/createI18n';
import { createPluginFailures } from './plugin-host/pluginFailures';
import { startPlugins } from './plugin-host/startPlugins';

/** Creates the host the plugins register into, renders the page and loads the plugins. */
async function start(): Promise<void> {
  const i18n = await createI18n();
  const host: PluginHost = {
    registries: createRegistries(),
    events: createEventBus(),
    t: translatorOf(i18n),
    reportError: (error) => console.error(error),
  };
  const failures = createPluginFailures();

  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html lacks #root');
  // Render first: registries and failures are live stores, so plugins appear as they activate.
  createRoot(container).render(
    <StrictMode>
      <FoundationPage host={host} failures={failures} />
    </StrictMode>,
  );
  await startPlugins(host, failures);
}

void start();
