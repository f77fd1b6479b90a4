import { ENGLISH } from '../i18n/page-locale';
import type { PageLocale } from '../i18n/page-locale';
import { escapeHtml } from './html';
import { CARD_PAGE_STYLE, PAGE_ICON } from './page-style';

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
${PAGE_ICON}
${CARD_PAGE_STYLE}
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
