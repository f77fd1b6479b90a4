/**
 * `@cumulus/sdk/version`: the version of the SDK package, on a subpath of its
 * own on purpose. The package root `@cumulus/sdk` is a shared singleton, so a
 * plugin importing from it at run time gets the shell's copy; this subpath is
 * not shared, so a remote bundles it and it keeps saying which SDK the remote
 * was built against. A plugin hands it to `definePlugin({ sdkVersion })`; the
 * shell's loader refuses a remote whose major differs from its own SDK's (before 1.0: whose minor differs).
 * Kept equal to package.json's version (a unit test checks it).
 */
export const SDK_VERSION = '0.2.0';
