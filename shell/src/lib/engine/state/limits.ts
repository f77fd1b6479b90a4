/**
 * Timing and count limits of the product (product §8, §9). Layout sizes are in
 * `layout.ts`, thumbnail sizes beside `previewUrl`, upload limits in the
 * upload rules, the default file-list filter order beside the filter entry
 * (`FILE_LIST_FILTER_DEFAULT_ORDER`).
 */

/** Storage stats are refreshed this often, in ms. */
export const STATS_REFRESH_MS = 60000;

/** Storage stats refreshes are throttled to one per this many ms. */
export const STATS_THROTTLE_MS = 1000;

/** Clicks are debounced by this many ms. */
export const CLICK_DEBOUNCE_MS = 200;

/** The filter-filenames input is throttled at this many ms. */
export const FILTER_THROTTLE_MS = 800;

/** Resize handling is debounced by this many ms. */
export const RESIZE_DEBOUNCE_MS = 100;

/** The drop notice hides by itself after this many ms. */
export const DRAG_NOTICE_MS = 3000;

/** The 'copied to clipboard' flag resets after this many ms (product §8). */
export const CLIPBOARD_FEEDBACK_MS = 5000;

/** Moves and copies running at once. */
export const MOVE_COPY_CONCURRENCY = 5;

/** Deepest nesting of views in the navigation. */
export const MAX_VIEW_NESTING = 7;

/** Node previews shown in a drag image at most. */
export const MAX_DRAG_PREVIEWS = 3;

/** Time-out for loading a code chunk of the front end, in ms. */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
