import { createContext, useContext } from 'react';
import { createPluginFailures } from '../plugin-host/pluginFailures';
import type { PluginFailures } from '../plugin-host/pluginFailures';

const none = createPluginFailures();

/** The plugin load failures to show; empty outside a provider. */
export const PluginFailuresContext = createContext<PluginFailures>(none);

/** The plugin load failures. */
export function usePluginFailures(): PluginFailures {
  return useContext(PluginFailuresContext);
}
