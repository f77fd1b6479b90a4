import { ENGLISH } from '../i18n/page-locale';
import type { PageLocale } from '../i18n/page-locale';
import { escapeHtml } from './html';

/** What the sign-in page shows. */
export interface LoginPageOptions {
  /** Token of the form, paired with the sign-in cookie (CSRF guard). */
  requestToken: string;
  /** Where to go after signing in. */
  redirectUrl: string;
  /** The user name typed before, kept after a failed attempt. */
  user?: string;
  /** An error to announce (wrong password, throttled, expired form): an English catalogue key. */
  error?: string;
  /** A notice (signed out): an English catalogue key. */
  notice?: string;
  /** The page's language; default English. */
  locale?: PageLocale;
}

/**
 * The sign-in page: plain server-rendered HTML, no scripts, labelled fields, errors announced
 * to screen readers, usable without CSS.
 */
export function renderLoginPage(options: LoginPageOptions): string {
  const { language, dir, t } = options.locale ?? ENGLISH;
  // i18n-dynamic: the errors and notices are the messages marked in login.ts.
  const error = options.error ? t(options.error) : '';
  // i18n-dynamic: as above.
  const notice = options.notice ? t(options.notice) : '';
  const message = error
    ? `<p class="message error" role="alert" id="login-error">${escapeHtml(error)}</p>`
    : notice
      ? `<p class="message" role="status">${escapeHtml(notice)}</p>`
      : '';
  const described = options.error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('Sign in'))} – Cumulus Files</title>
<!-- An inline icon: without it the browser asks for /favicon.ico, which needs a session (a 401 in the console). -->
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cg fill='%230082c9'%3E%3Ccircle cx='8' cy='14' r='5'/%3E%3Ccircle cx='14' cy='10' r='6'/%3E%3Ccircle cx='18.5' cy='14.5' r='4.5'/%3E%3Crect x='8' y='14' width='10' height='5'/%3E%3C/g%3E%3C/svg%3E">
<style>
  body { font-family: system-ui, sans-serif; background: #00679e; color: #222; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; }
  main { background: #fff; border-radius: 12px; padding: 2rem; width: min(22rem, 90vw); box-shadow: 0 4px 24px rgba(0,0,0,.2); }
  h1 { font-size: 1.5rem; margin: 0 0 1.5rem; text-align: center; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input[type=text], input[type=password] { box-sizing: border-box; width: 100%; padding: .6rem; font-size: 1rem; border: 2px solid #767676; border-radius: 6px; }
  input:focus, button:focus { outline: 3px solid #ffbf47; outline-offset: 1px; }
  button { margin-top: 1.5rem; width: 100%; padding: .7rem; font-size: 1rem; font-weight: 600; color: #fff; background: #00679e; border: 0; border-radius: 6px; cursor: pointer; }
  .message { padding: .6rem; border-radius: 6px; background: #e8f4fa; }
  .error { background: #fdecea; color: #8b0000; }
</style>
</head>
<body>
<main>
<h1>Cumulus Files</h1>
${message}
<form method="post" action="/login">
<input type="hidden" name="requesttoken" value="${escapeHtml(options.requestToken)}">
<input type="hidden" name="redirect_url" value="${escapeHtml(options.redirectUrl)}">
<label for="user">${escapeHtml(t('Login'))}</label>
<input type="text" id="user" name="user" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(options.user ?? '')}"${described}>
<label for="password">${escapeHtml(t('Password'))}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${described}>
<button type="submit">${escapeHtml(t('Log in'))}</button>
</form>
</main>
</body>
</html>
`;
}
