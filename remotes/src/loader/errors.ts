import type { PluginLoadFailureKind } from '@cumulus/protocol';

/**
 * Why a plugin could not be loaded:
 * - `network`: its remote entry could not be fetched at all;
 * - `http`: the server answered the remote entry with an error status;
 * - `evaluation`: the script arrived but did not yield a working container or module;
 * - `invalid`: its manifest entry breaks the schema, or the module loaded but is
 *   not a plugin definition (or declares another id);
 * - `integrity`: the remote entry's bytes do not match the integrity hash of its manifest entry;
 * - `incompatible`: the remote was built against another major version of the SDK, or
 *   (named in the deployment config) does not say which;
 * - `activation`: the plugin's `activate` threw, rejected or never settled.
 */
export type PluginLoadErrorKind = PluginLoadFailureKind;

/** A plugin that could not be loaded or activated; the other plugins are unaffected. */
export class PluginLoadError extends Error {
  /** A stable tag, since `instanceof` fails across bundles. */
  readonly code = 'plugin-load-error';
  /**
   * The plugin's id as listed in the manifest; for a manifest entry without a
   * string id, `manifest entry <position>`.
   */
  readonly pluginId: string;
  /** What went wrong, for handling; `reason` says it in words. */
  readonly kind: PluginLoadErrorKind;
  /** A short English reason for people, without the plugin id (the shell adds it). */
  readonly reason: string;
  /** The HTTP status when `kind` is `http`. */
  readonly status: number | undefined;
  /** The entry's index in the manifest's `plugins` when the entry itself was refused. */
  readonly position: number | undefined;

  /**
   * @param pluginId the plugin's id as the manifest lists it
   * @param kind what went wrong, for handling
   * @param reason why, in English, without the plugin id; the message becomes `Plugin "<id>" could not be loaded: <reason>`
   * @param options the underlying error, the HTTP status (`http`), the manifest position (a refused entry)
   */
  constructor(
    pluginId: string,
    kind: PluginLoadErrorKind,
    reason: string,
    options: { cause?: unknown; status?: number; position?: number } = {},
  ) {
    super(`Plugin "${pluginId}" could not be loaded: ${reason}`, { cause: options.cause });
    this.name = 'PluginLoadError';
    this.pluginId = pluginId;
    this.kind = kind;
    this.reason = reason;
    this.status = options.status;
    this.position = options.position;
  }
}

/**
 * Why the plugin manifest itself could not be read (unreachable, an HTTP
 * error, not JSON, or not a manifest at all); no plugin was loaded. A single
 * bad entry is not this: it is a {@link PluginLoadError} of kind `invalid`.
 */
export class PluginManifestError extends Error {
  /** A stable tag, since `instanceof` fails across bundles. */
  readonly code = 'plugin-manifest-error';
  /** `network` and `http` as for a plugin; `invalid` when the body is not a valid manifest. */
  readonly kind: 'network' | 'http' | 'invalid';
  /** The HTTP status when `kind` is `http`. */
  readonly status: number | undefined;

  /**
   * @param kind what went wrong, for handling
   * @param message the whole message, naming the manifest's URL
   * @param options the underlying error and the HTTP status (`http`)
   */
  constructor(kind: 'network' | 'http' | 'invalid', message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'PluginManifestError';
    this.kind = kind;
    this.status = options.status;
  }
}

/** The text of an unknown thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}
