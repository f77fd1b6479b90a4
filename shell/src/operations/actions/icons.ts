/**
 * Icons of the built-in file actions, drawn like the shell's icons
 * (`ui/icons/icons.ts`): SVG strings on the 24×24 grid in currentColor.
 */
const svg = (path: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path fill="currentColor" d="${path}"/></svg>`;

/** Download: an arrow into a tray. */
export const DOWNLOAD_ICON = svg('M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z');
/** Rename: a pencil. */
export const PENCIL_ICON = svg('M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z');
/** Move or copy: a folder with an arrow. */
export const FOLDER_MOVE_ICON = svg('M20 6h-8l-2-2H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2m-6 12v-3h-4v-4h4V8l5 5z');
/** Delete: a bin. */
export const TRASH_ICON = svg('M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z');
/** Details: an i in a circle. */
export const INFO_ICON = svg('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m1 15h-2v-6h2zm0-8h-2V7h2z');
/** Open: an arrow out of a box. */
export const OPEN_ICON = svg('M19 19H5V5h7V3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z');
/** Submenu marker: chevron right. */
export const SUBMENU_ICON = svg('M8.59 16.58 13.17 12 8.59 7.41 10 6l6 6-6 6z');
/** Back in a submenu: chevron left. */
export const BACK_ICON = svg('M15.41 16.59 10.83 12l4.58-4.59L14 6l-6 6 6 6z');
