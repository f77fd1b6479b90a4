/** The share icon (a node with two branches), as the SDK wants it: a valid SVG string. */
export const SHARING_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z"/></svg>';
/** The link icon. */
export const LINK_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM7 17a3 3 0 0 1 0-4.2l2-2 1.4 1.4-2 2a1 1 0 0 0 1.4 1.4l2-2 1.4 1.4-2 2A3 3 0 0 1 7 17zm10-10a3 3 0 0 1 0 4.2l-2 2-1.4-1.4 2-2a1 1 0 0 0-1.4-1.4l-2 2L10.8 9l2-2A3 3 0 0 1 17 7z"/></svg>';
