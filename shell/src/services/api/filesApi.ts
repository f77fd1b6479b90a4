/** Storage statistics of the signed-in user (product §3). */
export interface StorageStats {
  /** Bytes in use. */
  used: number;
  /** Bytes allowed; negative means unlimited. */
  quota: number;
  /** Bytes still free. */
  free: number;
  /** Percent used. */
  relative: number;
}

/** The user config of the file list (product §3); unknown keys from the server are kept. */
export type UserConfigValues = Record<string, boolean>;

/** One view's config as the server stores it (product §3). */
export interface ViewConfigValues {
  sorting_mode?: string;
  sorting_direction?: 'asc' | 'desc';
  expanded?: boolean;
}

/** The signed-in user as `/ocs/v2.php/cloud/user` describes them. */
export interface CloudUser {
  id: string;
  displayName: string;
}

/** The parts of `/ocs/v2.php/cloud/capabilities` the shell reads. */
export interface Capabilities {
  /** Raw capabilities, for plugins and later features. */
  raw: Record<string, unknown>;
  /** `files.chunked_upload.max_parallel_count`, when given. */
  maxParallelUploads?: number;
  /** `files.chunked_upload.max_size`, when given. */
  maxChunkSize?: number;
  /** `files.forbidden_filename_characters`. */
  forbiddenCharacters: string[];
  /** `files.undelete`: whether a deleted node goes to a trash it can be restored from (the trash plugin says so). */
  undelete: boolean;
}

/** The JSON API of the files app and the OCS calls the screen needs. */
export interface FilesApi {
  /** GET /apps/files/api/v1/stats. @throws when the result is not valid stats. */
  getStats(): Promise<StorageStats>;
  /** GET /apps/files/api/v1/configs. */
  getUserConfig(): Promise<UserConfigValues>;
  /** PUT /apps/files/api/v1/config/{key} with `{ value }`. */
  setUserConfig(key: string, value: boolean): Promise<void>;
  /** The user's `language` setting from GET /apps/files/api/v1/configs: '' follows the browser. */
  getLanguage(): Promise<string>;
  /** PUT /apps/files/api/v1/config/language with `{ value }` ('' for the browser's language). */
  setLanguage(language: string): Promise<void>;
  /** GET /apps/files/api/v1/views: every view's config by view id. */
  getViewConfigs(): Promise<Record<string, ViewConfigValues>>;
  /** PUT /apps/files/api/v1/views with `{ value, view, key }`. */
  setViewConfig(view: string, key: keyof ViewConfigValues, value: string | boolean): Promise<void>;
  /** GET /ocs/v2.php/cloud/capabilities. */
  getCapabilities(): Promise<Capabilities>;
  /** GET /ocs/v2.php/cloud/user. */
  getUser(): Promise<CloudUser>;
}

/** How the API reaches the server. */
export interface FilesApiOptions {
  /** The server's origin, e.g. `https://cloud.example`. */
  origin: string;
  /** CSRF token of the browser session, sent as `requesttoken`. */
  requestToken?: string;
  /** Extra headers (tests, Basic auth). */
  headers?: Record<string, string>;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/** A failed API call, with the HTTP status (0 when the request itself failed). */
export class ApiError extends Error {
  /** Recognise it by code, not instanceof. */
  readonly code = 'api-error';
  /** The HTTP status. */
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `data` member of a `{ message, data }` answer. */
function dataOf(body: unknown): unknown {
  return isRecord(body) ? body['data'] : undefined;
}

/** The `ocs.data` member of an OCS answer. */
function ocsDataOf(body: unknown): Record<string, unknown> {
  const ocs = isRecord(body) ? body['ocs'] : undefined;
  const data = isRecord(ocs) ? ocs['data'] : undefined;
  if (!isRecord(data)) throw new ApiError('Invalid OCS response', 0);
  return data;
}

/** Reads storage stats, refusing anything that is not four numbers (product §7: an invalid result is an error). */
export function parseStats(data: unknown): StorageStats {
  if (!isRecord(data)) throw new ApiError('Invalid storage stats', 0);
  const { used, quota, free, relative } = data;
  if ([used, quota, free, relative].some((value) => typeof value !== 'number' || !Number.isFinite(value))) {
    throw new ApiError('Invalid storage stats', 0);
  }
  return { used: used as number, quota: quota as number, free: free as number, relative: relative as number };
}

function parseViewConfigs(data: unknown): Record<string, ViewConfigValues> {
  const configs: Record<string, ViewConfigValues> = {};
  if (!isRecord(data)) return configs;
  for (const [view, raw] of Object.entries(data)) {
    if (!isRecord(raw)) continue;
    const config: ViewConfigValues = {};
    if (typeof raw['sorting_mode'] === 'string') config.sorting_mode = raw['sorting_mode'];
    if (raw['sorting_direction'] === 'asc' || raw['sorting_direction'] === 'desc') config.sorting_direction = raw['sorting_direction'];
    if (typeof raw['expanded'] === 'boolean') config.expanded = raw['expanded'];
    configs[view] = config;
  }
  return configs;
}

function parseUserConfig(data: unknown): UserConfigValues {
  const config: UserConfigValues = {};
  if (!isRecord(data)) return config;
  for (const [key, value] of Object.entries(data)) if (typeof value === 'boolean') config[key] = value;
  return config;
}

function numberAt(value: unknown, ...keys: string[]): number | undefined {
  let current = value;
  for (const key of keys) current = isRecord(current) ? current[key] : undefined;
  return typeof current === 'number' ? current : undefined;
}

/** Creates the API client; every call sends the session's `requesttoken` and same-origin cookies. */
export function createFilesApi(options: FilesApiOptions): FilesApi {
  const origin = options.origin.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const baseHeaders: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.requestToken) baseHeaders['requesttoken'] = options.requestToken;

  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const headers = { ...baseHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (path.startsWith('/ocs/')) headers['OCS-APIRequest'] = 'true';
    let response: Response;
    try {
      response = await doFetch(`${origin}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ApiError(error instanceof Error ? error.message : String(error), 0);
    }
    // Read first, error or not: an answer left unread is cancelled by the browser (net::ERR_ABORTED).
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new ApiError(`${method} ${path} answered ${response.status}`, response.status);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };

  return {
    getStats: async () => parseStats(dataOf(await call('GET', '/apps/files/api/v1/stats'))),
    getUserConfig: async () => parseUserConfig(dataOf(await call('GET', '/apps/files/api/v1/configs'))),
    setUserConfig: async (key, value) => {
      await call('PUT', `/apps/files/api/v1/config/${encodeURIComponent(key)}`, { value });
    },
    getLanguage: async () => {
      const data = dataOf(await call('GET', '/apps/files/api/v1/configs'));
      return isRecord(data) && typeof data.language === 'string' ? data.language : '';
    },
    setLanguage: async (language) => {
      await call('PUT', '/apps/files/api/v1/config/language', { value: language });
    },
    getViewConfigs: async () => parseViewConfigs(dataOf(await call('GET', '/apps/files/api/v1/views'))),
    setViewConfig: async (view, key, value) => {
      await call('PUT', '/apps/files/api/v1/views', { value, view, key });
    },
    getCapabilities: async () => {
      const raw = ocsDataOf(await call('GET', '/ocs/v2.php/cloud/capabilities?format=json'));
      const capabilities = isRecord(raw['capabilities']) ? raw['capabilities'] : {};
      const files = isRecord(capabilities['files']) ? capabilities['files'] : {};
      const forbidden = files['forbidden_filename_characters'];
      return {
        raw: capabilities,
        maxParallelUploads: numberAt(files, 'chunked_upload', 'max_parallel_count'),
        maxChunkSize: numberAt(files, 'chunked_upload', 'max_size'),
        forbiddenCharacters: Array.isArray(forbidden) ? forbidden.filter((c): c is string => typeof c === 'string') : [],
        undelete: files['undelete'] === true,
      };
    },
    getUser: async () => {
      const data = ocsDataOf(await call('GET', '/ocs/v2.php/cloud/user?format=json'));
      const id = data['id'];
      if (typeof id !== 'string') throw new ApiError('Invalid user', 0);
      const name = data['display-name'] ?? data['displayname'];
      return { id, displayName: typeof name === 'string' ? name : id };
    },
  };
}
