import type { AppPasswordInfo } from '../auth/app-passwords';
import { ENGLISH } from '../i18n/page-locale';
import type { PageLocale } from '../i18n/page-locale';
import { escapeHtml } from './html';

/** The page frame shared by the account pages: no scripts, a link back to the files app. */
function layout(locale: PageLocale, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale.language)}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Cumulus Files</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cg fill='%230082c9'%3E%3Ccircle cx='8' cy='14' r='5'/%3E%3Ccircle cx='14' cy='10' r='6'/%3E%3Ccircle cx='18.5' cy='14.5' r='4.5'/%3E%3Crect x='8' y='14' width='10' height='5'/%3E%3C/g%3E%3C/svg%3E">
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #222; margin: 0; background: #f5f7fa; }
  main { max-width: 44rem; margin: 2rem auto; padding: 1.5rem 2rem; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  h2 { font-size: 1.15rem; margin-top: 1.75rem; }
  a { color: #00679e; }
  code, .secret { font-family: ui-monospace, monospace; background: #eef2f6; padding: .1rem .35rem; border-radius: 4px; overflow-wrap: anywhere; }
  .secret { display: block; padding: .6rem; font-size: 1.1rem; margin: .5rem 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: start; padding: .45rem .5rem; border-bottom: 1px solid #e5e7eb; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input[type=text] { box-sizing: border-box; width: min(100%, 22rem); padding: .5rem; font-size: 1rem; border: 2px solid #767676; border-radius: 6px; }
  button { padding: .5rem 1rem; font-size: 1rem; font-weight: 600; color: #fff; background: #00679e; border: 0; border-radius: 6px; cursor: pointer; }
  button.danger { background: #c62828; padding: .3rem .7rem; font-size: .9rem; }
  input:focus, button:focus, a:focus { outline: 3px solid #ffbf47; outline-offset: 1px; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .message { padding: .6rem; border-radius: 6px; background: #e8f4fa; }
  .error { background: #fdecea; color: #8b0000; }
</style>
</head>
<body>
<main>
<p><a href="/apps/files/">${locale.dir === 'rtl' ? '→' : '←'} ${locale.th('Back to Files')}</a></p>
${body}
</main>
</body>
</html>
`;
}

/** A Unix time in seconds as a UTC date and time, written the language's way. */
function when(locale: PageLocale, seconds: number | null): string {
  if (seconds === null) return locale.th('Never');
  const format = new Intl.DateTimeFormat(locale.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return `${escapeHtml(format.format(new Date(seconds * 1000)))} UTC`;
}

/** What the app passwords page shows. */
export interface SecurityPageOptions {
  /** The signed-in user's id. */
  uid: string;
  /** The session's CSRF token, sent back by every form. */
  requestToken: string;
  /** The user's app passwords (never their secrets). */
  appPasswords: AppPasswordInfo[];
  /** A password just created: shown once, never again. */
  created?: { name: string; password: string };
  /** A notice after revoking. */
  notice?: string;
  /** An error to announce: an English catalogue key. */
  error?: string;
  /** The page's language; default English. */
  locale?: PageLocale;
}

/**
 * The app passwords page (`/settings/user/security`), where the settings
 * dialog's WebDAV section sends people: create a password per client, see
 * when each was last used, revoke one. Plain forms, no scripts.
 */
export function renderSecurityPage(options: SecurityPageOptions): string {
  const locale = options.locale ?? ENGLISH;
  const { th } = locale;
  const login = `<code>${escapeHtml(options.uid)}</code>`;
  const token = `<input type="hidden" name="requesttoken" value="${escapeHtml(options.requestToken)}">`;
  const created = options.created
    ? `<div class="message" role="status"><p>${th('New app password for {name}. Use it with your login {login}; it is shown only this once:', { name: `<strong>${escapeHtml(options.created.name)}</strong>`, login })}</p><output class="secret" id="new-app-password">${escapeHtml(options.created.password)}</output></div>`
    : '';
  // i18n-dynamic: the notices and errors are the messages marked in account-pages.ts.
  const notice = options.notice ? `<p class="message" role="status">${th(options.notice)}</p>` : '';
  // i18n-dynamic: as above.
  const error = options.error ? `<p class="message error" role="alert">${th(options.error)}</p>` : '';
  const rows = options.appPasswords
    .map(
      (entry) => `<tr><td>${escapeHtml(entry.name)}</td><td>${when(locale, entry.createdAt)}</td><td>${when(locale, entry.lastUsed)}</td><td>
<form method="post" action="/settings/user/security/app-passwords/${encodeURIComponent(entry.id)}/delete">${token}<button type="submit" class="danger" aria-label="${th('Revoke {name}', { name: escapeHtml(entry.name) })}">${th('Revoke')}</button></form></td></tr>`,
    )
    .join('\n');
  const list =
    options.appPasswords.length === 0
      ? `<p>${th('You have no app passwords yet.')}</p>`
      : `<table><caption class="visually-hidden">${th('Your app passwords')}</caption><thead><tr><th scope="col">${th('Name')}</th><th scope="col">${th('Created')}</th><th scope="col">${th('Last used')}</th><th scope="col"><span hidden>${th('Actions')}</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  return layout(
    locale,
    locale.t('Security'),
    `<h1>${th('Security')}</h1>
${created}${notice}${error}
<h2>${th('App passwords')}</h2>
<p>${th('An app password lets a WebDAV client, a sync client or a script sign in as {login} without knowing your password. Create one per device, and revoke it when the device is gone.', { login })}</p>
<form method="post" action="/settings/user/security/app-passwords">${token}
<label for="app-password-name">${th('App name')}</label>
<input type="text" id="app-password-name" name="name" maxlength="255" required placeholder="${th('e.g. Laptop file manager')}">
<button type="submit">${th('Create new app password')}</button>
</form>
<h2>${th('Your app passwords')}</h2>
${list}
<p><a href="/settings/user/webdav">${th('How to connect over WebDAV')}</a></p>`,
  );
}

/**
 * The WebDAV help page (`/settings/user/webdav`): the user's address and how
 * common clients connect to it.
 */
export function renderWebDavHelpPage(options: { uid: string; webDavUrl: string; locale?: PageLocale }): string {
  const locale = options.locale ?? ENGLISH;
  const { th } = locale;
  const url = escapeHtml(options.webDavUrl);
  const uid = escapeHtml(options.uid);
  return layout(
    locale,
    'WebDAV',
    `<h1>${th('Access your files over WebDAV')}</h1>
<p>${th('Your files are at this WebDAV address:')}</p>
<p><code dir="ltr">${url}</code></p>
<p>${th('Sign in with your login {login} and an {appPassword} (your own password works too, but an app password can be revoked on its own).', { login: `<code>${uid}</code>`, appPassword: `<a href="/settings/user/security">${th('app password')}</a>` })}</p>
<h2>${th('File managers')}</h2>
<ul>
<li><strong>GNOME Files, Dolphin:</strong> ${th('connect to {davs} (or {dav} without HTTPS) followed by the address without its scheme.', { davs: '<code>davs://</code>', dav: '<code>dav://</code>' })}</li>
<li><strong>macOS Finder:</strong> ${th('Go → Connect to Server, then enter the address.')}</li>
<li><strong>Windows:</strong> ${th('Map network drive, then enter the address (HTTPS is needed unless the WebClient service allows plain HTTP).')}</li>
</ul>
<h2>${th('Command line and sync')}</h2>
<ul dir="ltr">
<li><strong>rclone:</strong> <code>rclone config create cumulus webdav url=${url} vendor=nextcloud user=${uid} pass=$(rclone obscure APP_PASSWORD)</code></li>
<li><strong>Nextcloud desktop client, nextcloudcmd:</strong> <span dir="auto">${th("use the server's address (without {path}); the server speaks the same protocol, chunked uploads included.", { path: '<code>/remote.php/…</code>' })}</span></li>
<li><strong>curl:</strong> <code>curl -u ${uid} -T file.txt ${url}file.txt</code></li>
</ul>`,
  );
}
