export { PluginHost, mergeCapabilities, pluginNode } from './host';
export type { HostLog } from './host';
export { startPlugins } from './runtime';
export type { PluginRuntime } from './runtime';
export { PluginStates } from './states';
export { findPluginPackages } from './packages';
export type { PluginPackage, RejectedPackage } from './packages';
export { pluginMigrations } from './migrations';
export { registerPluginRoutes } from './http-routes';
