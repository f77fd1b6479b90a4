import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Accounts } from '../auth/accounts';
import { LOGIN_COOKIE, SESSION_COOKIE, parseCookies, serializeCookie } from '../auth/cookies';
import { markDelay } from '../auth/authenticator';
import { whileConnected } from '../auth/client-gone';
import { headerValue } from '../auth/hook';
import { requestTokenMatches } from '../auth/sessions';
import { bodyObject, route } from '../api/routes';
import { HttpError } from '../api/errors';
import { PAGE_HEADERS, safeRedirect } from './html';
import { renderLoginPage } from './login-page';
import { i18nKey } from '../i18n/translate';
import { pageLocale } from '../i18n/page-locale';
import type { UserLanguage } from '../i18n/page-locale';

/** The message after a wrong user name or password (as Nextcloud words it). */
export const WRONG_CREDENTIALS = i18nKey('Wrong login or password.');
/** The message while sign-in is throttled. */
export const THROTTLED = i18nKey('Too many failed sign-in attempts. Wait a few minutes and try again.');
/** The message when the form's token does not match (expired or forged form). */
export const FORM_EXPIRED = i18nKey('The sign-in form has expired. Please try again.');
/** The message when a field was left empty. */
export const FIELDS_EMPTY = i18nKey('Enter your login and password.');
/** The notice after signing out. */
export const SIGNED_OUT = i18nKey('You have been signed out.');

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * Sign-in and sign-out: `GET /login` (the form), `POST /login` (checks the password, starts a
 * session, sets the HttpOnly SameSite=Lax cookie, redirects to the files app), `POST /logout`
 * (needs the session's request token), `GET /csrftoken`.
 */
export function registerLogin(app: FastifyInstance, accounts: Accounts, sessionLifetime: number, userLanguage?: UserLanguage): void {
  /** Renders the form with a fresh pairing token in cookie and hidden field (double submit). */
  const showForm = async (request: FastifyRequest, reply: FastifyReply, status: number, extra: { user?: string; error?: string; notice?: string; redirectUrl?: string } = {}): Promise<FastifyReply> => {
    const token = randomBytes(24).toString('base64url');
    const locale = await pageLocale(request, userLanguage);
    const query = request.query as Record<string, unknown>;
    return reply
      .code(status)
      .headers(PAGE_HEADERS)
      .header('Set-Cookie', serializeCookie(LOGIN_COOKIE, token, { secure: isHttps(request) }))
      .type('text/html; charset=utf-8')
      .send(
        renderLoginPage({
          requestToken: token,
          locale,
          redirectUrl: safeRedirect(extra.redirectUrl ?? query.redirect_url),
          ...(extra.user !== undefined ? { user: extra.user } : {}),
          ...(extra.error ? { error: extra.error } : {}),
          ...(extra.notice ? { notice: extra.notice } : {}),
        }),
      );
  };

  route(app, '/login', 'optional', {
    GET: async (request, reply) => {
      if (request.user) return reply.redirect(safeRedirect((request.query as Record<string, unknown>).redirect_url), 303);
      const loggedOut = (request.query as Record<string, unknown>).loggedout !== undefined;
      return showForm(request, reply, 200, loggedOut ? { notice: SIGNED_OUT } : {});
    },
    POST: async (request, reply) => {
      const body = bodyObject(request);
      const user = typeof body.user === 'string' ? body.user.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const redirectUrl = safeRedirect(body.redirect_url);
      const paired = parseCookies(headerValue(request.headers.cookie)).get(LOGIN_COOKIE);
      const sent = typeof body.requesttoken === 'string' ? body.requesttoken : undefined;
      if (!paired || !requestTokenMatches(paired, sent)) {
        return showForm(request, reply, 403, { user, error: FORM_EXPIRED, redirectUrl });
      }
      if (user === '' || password === '') {
        return showForm(request, reply, 400, { user, error: FIELDS_EMPTY, redirectUrl });
      }
      const result = await whileConnected(reply, (signal) => accounts.authenticator.check(request.ip, user, password, false, signal));
      if (!result) return reply;
      markDelay(reply, result);
      if (result.outcome === 'throttled') {
        reply.header('Retry-After', String(result.retryAfter));
        return showForm(request, reply, 429, { user, error: THROTTLED, redirectUrl });
      }
      if (result.outcome === 'invalid') return showForm(request, reply, 401, { user, error: WRONG_CREDENTIALS, redirectUrl });

      const { token } = await accounts.sessions.create(result.user.uid);
      await accounts.users.touchLogin(result.user.uid);
      return reply
        .header('Set-Cookie', [
          serializeCookie(SESSION_COOKIE, token, { secure: isHttps(request), maxAge: sessionLifetime }),
          serializeCookie(LOGIN_COOKIE, '', { maxAge: 0 }),
        ])
        .header('Cache-Control', 'no-store')
        .redirect(redirectUrl, 303);
    },
  });

  route(app, '/logout', 'optional', {
    POST: async (request, reply) => {
      const body = bodyObject(request);
      const sent = typeof body.requesttoken === 'string' ? body.requesttoken : headerValue(request.headers.requesttoken);
      const auth = request.authentication;
      if (auth?.method === 'session' && auth.sessionId && auth.requestToken) {
        if (!requestTokenMatches(auth.requestToken, sent)) throw new HttpError(412, 'CSRF check failed');
        await accounts.sessions.delete(auth.sessionId);
      }
      return reply
        .header('Set-Cookie', serializeCookie(SESSION_COOKIE, '', { maxAge: 0 }))
        .header('Cache-Control', 'no-store')
        // The browser forgets what the app kept for this user: folder listings (IndexedDB), upload journals.
        .header('Clear-Site-Data', '"storage"')
        .redirect('/login?loggedout', 303);
    },
  });

  route(app, '/csrftoken', 'required', {
    GET: async (request, reply) => reply.header('Cache-Control', 'no-store').send({ token: request.authentication?.requestToken ?? '' }),
  });

  route(app, '/', 'optional', {
    GET: async (request, reply) => reply.redirect(request.user ? '/apps/files/' : '/login', 302),
  });
}
