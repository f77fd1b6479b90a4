/**
 * The sidebar's icons as SVG strings on the 24×24 grid, drawn for Cumulus
 * (currentColor, replaced by `Icon` with the colour it is given).
 */
const svg = (path: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path fill="currentColor" d="${path}"/></svg>`;

/** Information: the built-in Details tab. */
export const INFO_ICON = svg('M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20m0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16');
/** A cross: close. */
export const CLOSE_ICON = svg('M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z');
