/**
 * The shell's icons as SVG strings on the 24×24 grid, drawn for Cumulus
 * (Material-like shapes, currentColor so they follow the text colour).
 */
const svg = (path: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path fill="currentColor" d="${path}"/></svg>`;

/** A folder. */
export const FOLDER_ICON = svg('M10 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-8z');
/** A generic file. */
export const FILE_ICON = svg('M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zm-1 7V3.5L18.5 9z');
/** An image file. */
export const IMAGE_ICON = svg('M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2M8.5 13.5l2.5 3 3.5-4.5 4.5 6H5z');
/** A text document. */
export const TEXT_ICON = svg('M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zm4 18H6V4h7v5h5zM8 12h8v2H8zm0 4h8v2H8z');
/** Home: the root of a view. */
export const HOME_ICON = svg('M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z');
/** Reload. */
export const RELOAD_ICON = svg('M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z');
/** Grid display. */
export const GRID_ICON = svg('M3 3h8v8H3zm0 10h8v8H3zM13 3h8v8h-8zm0 10h8v8h-8z');
/** List display. */
export const LIST_ICON = svg('M3 4h18v2H3zm0 7h18v2H3zm0 7h18v2H3z');
/** Settings. */
export const COG_ICON = svg('M12 15.5A3.5 3.5 0 0 1 8.5 12 3.5 3.5 0 0 1 12 8.5a3.5 3.5 0 0 1 3.5 3.5 3.5 3.5 0 0 1-3.5 3.5m7.43-2.53c.04-.32.07-.64.07-.97s-.03-.66-.07-1l2.11-1.63c.19-.15.24-.42.12-.64l-2-3.46c-.12-.22-.39-.31-.61-.22l-2.49 1c-.52-.39-1.06-.73-1.69-.98l-.37-2.65A.506.506 0 0 0 14 2h-4c-.25 0-.46.18-.5.42l-.37 2.65c-.63.25-1.17.59-1.69.98l-2.49-1c-.22-.09-.49 0-.61.22l-2 3.46c-.13.22-.07.49.12.64L4.57 11c-.04.34-.07.67-.07 1s.03.65.07.97l-2.11 1.66c-.19.15-.25.42-.12.64l2 3.46c.12.22.39.3.61.22l2.49-1.01c.52.4 1.06.74 1.69.99l.37 2.65c.04.24.25.42.5.42h4c.25 0 .46-.18.5-.42l.37-2.65c.63-.26 1.17-.59 1.69-.99l2.49 1.01c.22.08.49 0 .61-.22l2-3.46c.12-.22.07-.49-.12-.64z');
/** Plus: the New button. */
export const PLUS_ICON = svg('M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z');
/** Three dots: the actions menu. */
export const DOTS_ICON = svg('M12 16a2 2 0 1 1 0 4 2 2 0 0 1 0-4m0-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4m0-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4');
/** Chevron right: breadcrumb separator, collapsed view. */
export const CHEVRON_RIGHT_ICON = svg('M8.59 16.58 13.17 12 8.59 7.41 10 6l6 6-6 6z');
/** Chevron down: expanded view. */
export const CHEVRON_DOWN_ICON = svg('M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z');
/** Arrow up: ascending sort. */
export const ARROW_UP_ICON = svg('M7 14l5-5 5 5z');
/** Arrow down: descending sort. */
export const ARROW_DOWN_ICON = svg('M7 10l5 5 5-5z');
/** Magnifier: the filter box. */
export const SEARCH_ICON = svg('M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14');
/** Alert: load failures. */
export const ALERT_ICON = svg('M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z');
/** Three lines: the navigation toggle. */
export const MENU_ICON = svg('M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z');
/** A cross: removes a filter chip. */
export const CLOSE_ICON = svg('M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z');
/** An arrow up onto a tray: upload files. */
export const UPLOAD_ICON = svg('M9 16h6v-6h4l-7-7-7 7h4zm-4 2h14v2H5z');
/** A folder with an arrow up: upload folders. */
export const FOLDER_UPLOAD_ICON = svg('M20 6h-8l-2-2H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2m0 12H4V8h16zM8 13.01l1.41 1.41L11 12.84V17h2v-4.16l1.59 1.59L16 13.01 12.01 9z');
/** A folder with a plus: new folder. */
export const FOLDER_PLUS_ICON = svg('M20 6h-8l-2-2H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2m-1 8h-3v3h-2v-3h-3v-2h3V9h2v3h3z');
/** A door with an arrow out: sign out. */
export const SIGN_OUT_ICON = svg('M10.09 15.59 11.5 17l5-5-5-5-1.41 1.41L12.67 11H3v2h9.67zM19 3H5a2 2 0 0 0-2 2v4h2V5h14v14H5v-4H3v4a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2');
/** Two bars: pause the uploads (the compact upload controls). */
export const PAUSE_ICON = svg('M6 5h4v14H6zm8 0h4v14h-4z');
/** A triangle: resume the uploads (the compact upload controls). */
export const PLAY_ICON = svg('M8 5v14l11-7z');
