/** A waving hand, drawn for the 24×24 grid the Files icons use. */
export const HELLO_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
  '<path fill="currentColor" d="M7 21a4 4 0 0 1-4-4v-5a1.5 1.5 0 0 1 3 0v2h1V5a1.5 1.5 0 0 1 3 0v6h1V3.5a1.5 1.5 0 0 1 3 0V11h1V5a1.5 1.5 0 0 1 3 0v8.5l1.3-1.9a1.5 1.5 0 1 1 2.5 1.7L17 19.3A4 4 0 0 1 13.6 21z"/>' +
  '</svg>';
