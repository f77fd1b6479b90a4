/**
 * The user's file list settings (product §3 "User config"), as
 * `GET /apps/files/api/v1/configs` sends them and `PUT /apps/files/api/v1/config/{key}` takes
 * them: the server answers every key (its default when the user set none), the shell starts
 * from the same defaults until that answer arrives.
 */

/** The boolean settings of the file list and their defaults. */
export const USER_CONFIG_DEFAULTS = Object.freeze({
  show_hidden: false,
  crop_image_previews: true,
  sort_favorites_first: true,
  sort_folders_first: true,
  grid_view: false,
  folder_tree: true,
} as const satisfies Record<string, boolean>);

/** One of the boolean settings. */
export type UserConfigKey = keyof typeof USER_CONFIG_DEFAULTS;

/**
 * The user's interface language: '' follows the browser's Accept-Language, else one of the
 * interface languages ('en' included).
 */
export const LANGUAGE_CONFIG_KEY = 'language';

/** The per-view settings (`PUT /apps/files/api/v1/views`): sorting mode, direction and whether the view is expanded. */
export const VIEW_CONFIG_KEYS = ['sorting_mode', 'sorting_direction', 'expanded'] as const;
