import { createContext, useContext } from 'react';
import { createPluginFailures } from './pluginFailures';
import type { PluginFailures } from './pluginFailures';

const none = createPluginFailures();

/** The plugin load failures to show; empty outside a provider. */
export const PluginFailuresContext = createContext<PluginFailures>(none);

/** The plugin load failures. */
export function usePluginFailures(): PluginFailures {
  return useContext(PluginFailuresContext);
}
