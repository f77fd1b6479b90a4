import { LANGUAGE_CONFIG_KEY, USER_CONFIG_DEFAULTS as PROTOCOL_DEFAULTS, VIEW_CONFIG_KEYS } from '@cumulus/protocol';
import type { Kysely } from 'kysely';
import type { AccountTables } from '../auth/tables';
import { HttpError } from './errors';
import { INTERFACE_LANGUAGES } from '../i18n/languages';

/** A setting value as stored and sent: the file list settings are booleans or short strings. */
export type ConfigValue = boolean | string;

/** The user config keys of the file list and their defaults (product §3): `@cumulus/protocol`'s, which the shell starts from. */
export const USER_CONFIG_DEFAULTS: Readonly<Record<string, boolean>> = PROTOCOL_DEFAULTS;

/**
 * The user's interface language: '' follows the browser's
 * Accept-Language, else one of the interface languages ('en' included).
 */
export const LANGUAGE_KEY = LANGUAGE_CONFIG_KEY;

/** Accepts true/false as JSON booleans or as the strings a form sends. */
function parseBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return undefined;
}

/** Checks a user config key and value; throws 400 for an unknown key or a value that is not a boolean (or a language, for `language`). */
export function parseUserConfig(key: string, value: unknown): ConfigValue {
  if (key === LANGUAGE_KEY) {
    if (value === '' || (typeof value === 'string' && INTERFACE_LANGUAGES.includes(value))) return value;
    throw new HttpError(400, `Invalid value for "language": expected "" (the browser's language) or one of ${INTERFACE_LANGUAGES.join(', ')}.`);
  }
  if (!Object.hasOwn(USER_CONFIG_DEFAULTS, key)) throw new HttpError(400, `Unknown config key "${key}".`);
  const parsed = parseBoolean(value);
  if (parsed === undefined) throw new HttpError(400, `Invalid value for "${key}": expected true or false.`);
  return parsed;
}

/** A stored language value: '' unless it is still an interface language. */
function languageValue(stored: string): string {
  const value: unknown = JSON.parse(stored);
  return typeof value === 'string' && INTERFACE_LANGUAGES.includes(value) ? value : '';
}

/** The view config keys (product §3): sorting mode, direction and whether the view is expanded. */
export { VIEW_CONFIG_KEYS };

/** One view's settings as stored. */
export type ViewConfig = Partial<Record<(typeof VIEW_CONFIG_KEYS)[number], ConfigValue>>;

/** A view id: the ids the shell and plugins register (letters, digits, `_`, `.`, `-`, `:`). */
export function validateViewId(view: unknown): string {
  if (typeof view !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(view)) {
    throw new HttpError(400, 'Invalid view id: use 1 to 64 letters, digits, "_", ".", ":" or "-".');
  }
  return view;
}

/** Checks a view config key and value; throws 400 otherwise. */
export function parseViewConfig(key: string, value: unknown): ConfigValue {
  switch (key) {
    case 'sorting_mode':
      if (typeof value !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(value)) {
        throw new HttpError(400, 'Invalid value for "sorting_mode": expected a column id (1 to 64 letters, digits, "_", ".", ":" or "-").');
      }
      return value;
    case 'sorting_direction':
      if (value !== 'asc' && value !== 'desc') throw new HttpError(400, 'Invalid value for "sorting_direction": expected "asc" or "desc".');
      return value;
    case 'expanded': {
      const parsed = parseBoolean(value);
      if (parsed === undefined) throw new HttpError(400, 'Invalid value for "expanded": expected true or false.');
      return parsed;
    }
    default:
      throw new HttpError(400, `Unknown view config key "${key}".`);
  }
}

/** The user and view settings of the file list, per user. */
export class UserConfigStore {
  private readonly db: Kysely<AccountTables>;

  constructor(db: Kysely<unknown>) {
    this.db = db.withTables<AccountTables>();
  }

  /** Every user config key with the user's value or its default (`language`: '' when unset). */
  async getAll(uid: string): Promise<Record<string, ConfigValue>> {
    const rows = await this.db.selectFrom('user_config').select(['key', 'value']).where('uid', '=', uid).execute();
    const config: Record<string, ConfigValue> = { ...USER_CONFIG_DEFAULTS, [LANGUAGE_KEY]: '' };
    for (const row of rows) {
      if (Object.hasOwn(USER_CONFIG_DEFAULTS, row.key)) config[row.key] = JSON.parse(row.value) === true;
      if (row.key === LANGUAGE_KEY) config[LANGUAGE_KEY] = languageValue(row.value);
    }
    return config;
  }

  /** The user's language setting: '' when unset (or no longer offered). */
  async getLanguage(uid: string): Promise<string> {
    const row = await this.db.selectFrom('user_config').select('value').where('uid', '=', uid).where('key', '=', LANGUAGE_KEY).executeTakeFirst();
    return row ? languageValue(row.value) : '';
  }

  /** Stores a user config value (already validated). */
  async set(uid: string, key: string, value: ConfigValue): Promise<void> {
    await this.db
      .insertInto('user_config')
      .values({ uid, key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.columns(['uid', 'key']).doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
  }

  /** The stored settings of every view the user has changed; defaults are the front end's (they depend on the view). */
  async getViews(uid: string): Promise<Record<string, ViewConfig>> {
    const rows = await this.db.selectFrom('view_config').select(['view', 'key', 'value']).where('uid', '=', uid).orderBy('view').execute();
    const views: Record<string, ViewConfig> = {};
    for (const row of rows) {
      const view = (views[row.view] ??= {});
      view[row.key as keyof ViewConfig] = JSON.parse(row.value) as ConfigValue;
    }
    return views;
  }

  /** Stores a view setting (already validated). */
  async setView(uid: string, view: string, key: string, value: ConfigValue): Promise<void> {
    await this.db
      .insertInto('view_config')
      .values({ uid, view, key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.columns(['uid', 'view', 'key']).doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
  }
}
