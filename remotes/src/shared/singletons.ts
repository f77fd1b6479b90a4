import rootPackage from '../../../package.json' with { type: 'json' };
import sdkPackage from '../../../sdk/package.json' with { type: 'json' };

/**
 * Why each package must exist exactly once on the page. Host and every remote
 * build share this list unchanged (docs/toolchain.md: identical shared config on
 * both sides), so a plugin never bundles its own copy (docs/architecture.md).
 */
const SINGLETON_REASONS = {
  react: 'Hooks and context only work when the component tree and the renderer share one React instance.',
  'react/jsx-runtime': 'Compiled JSX calls this module; a second copy would create elements of a foreign React.',
  'react-dom': 'One renderer per page owns the root, events and scheduling; two copies fight over the same DOM.',
  'react-dom/client': 'createRoot lives here and must belong to the same react-dom the shell renders with.',
  'react-redux': "The store context is identified by object identity; a plugin's hooks must see the shell's Provider.",
  '@reduxjs/toolkit': 'Action creators and matchers compare by identity; one copy keeps them interchangeable.',
  i18next: 'The shell initialises one i18next with the catalogue; a second copy would have no translations loaded.',
  '@cumulus/sdk': 'Registries, events and plugin definitions must be the very objects the shell reads.',
} as const;

/** A package the host and every remote share as a singleton. */
export type SharedSingletonName = keyof typeof SINGLETON_REASONS;

/** The Module Federation `shared` options of one singleton. */
export interface SharedSingletonConfig {
  readonly singleton: true;
  /** The range every build requires, taken from the package.json that installs the package. */
  readonly requiredVersion: string;
  /** A version outside the range only warns: the plugin still gets the one shared copy rather than failing or bundling its own. */
  readonly strictVersion: false;
  /** Loaded on demand behind the shell's `import('./bootstrap')` boundary. */
  readonly eager: false;
}

/** The package a subpath such as `react/jsx-runtime` belongs to (its package.json lists the package, not the subpath). */
function packageOf(name: string): string {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? name);
}

function requiredVersionOf(name: SharedSingletonName): string {
  const pkg = packageOf(name);
  // Our own SDK is a workspace package: its version is its package.json's.
  if (pkg === sdkPackage.name) return `^${sdkPackage.version}`;
  const dependencies: Record<string, string> = rootPackage.dependencies;
  const range = dependencies[pkg];
  if (range === undefined) throw new Error(`Shared singleton ${name}: ${pkg} is not a dependency in package.json`);
  return range;
}

/** Names of the shared singletons, in a stable order. */
export const SHARED_SINGLETON_NAMES = Object.keys(SINGLETON_REASONS) as SharedSingletonName[];

/**
 * The `shared` option for `ModuleFederationPlugin`, identical for the shell
 * and every plugin remote.
 */
export function sharedSingletons(): Record<SharedSingletonName, SharedSingletonConfig> {
  return Object.fromEntries(
    SHARED_SINGLETON_NAMES.map((name) => [
      name,
      { singleton: true, requiredVersion: requiredVersionOf(name), strictVersion: false, eager: false },
    ]),
  ) as Record<SharedSingletonName, SharedSingletonConfig>;
}

/** Why a package is shared, for documentation and build diagnostics. */
export function singletonReason(name: SharedSingletonName): string {
  return SINGLETON_REASONS[name];
}
