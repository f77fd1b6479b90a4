/**
 * Where the WebDAV section's links lead. Both are pages of our own server
 * (server/src/web/account-pages.ts), since a Nextcloud-style
 * /settings/user/security would not exist otherwise.
 */

/** How to connect file managers and sync clients over WebDAV. */
export const WEBDAV_HELP_URL = '/settings/user/webdav';

/** Where the user creates and revokes app passwords for WebDAV clients. */
export const APP_PASSWORDS_URL = '/settings/user/security';
