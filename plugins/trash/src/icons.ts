/** A bin, drawn for the 24×24 grid the Files icons use. */
export const TRASH_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
  '<path fill="currentColor" d="M9 3v1H4v2h1v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6h1V4h-5V3zM7 6h10v13H7zm2 2v9h2V8zm4 0v9h2V8z"/>' +
  '</svg>';

/** An arrow turning back, for Restore. */
export const RESTORE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
  '<path fill="currentColor" d="M13 3a9 9 0 0 0-9 9H1l3.9 3.9L9 12H6a7 7 0 1 1 2.1 5l-1.4 1.4A9 9 0 1 0 13 3zm-1 5v5l4.3 2.5.7-1.2-3.5-2.1V8z"/>' +
  '</svg>';

/** A cross in a bin, for Delete permanently and Empty deleted files. */
export const DELETE_FOREVER_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
  '<path fill="currentColor" d="M9 3v1H4v2h1v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6h1V4h-5V3zM7 6h10v13H7zm2.5 3.1L8.4 10.2 10.9 12.6 8.4 15l1.1 1.1 2.5-2.4 2.5 2.4 1.1-1.1-2.5-2.4 2.5-2.4-1.1-1.1-2.5 2.4z"/>' +
  '</svg>';
