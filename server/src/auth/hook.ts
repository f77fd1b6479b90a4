import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from './accounts';
import type { RouteAuth } from './types';
import { sendError } from '../api/errors';
import { markDelay } from './authenticator';
import { parseBasicAuth } from './basic';
import { whileConnected } from './client-gone';
import { SESSION_COOKIE, parseCookies } from './cookies';
import { requestTokenMatches } from './sessions';

/** Methods that change nothing; a cookie-session request with any other method must carry the CSRF token. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT', 'SEARCH']);

/** The challenge sent with every 401 (the realm clients show). */
export const WWW_AUTHENTICATE = 'Basic realm="Cumulus", charset="UTF-8"';

/** Extra work to do for each user the first time they are seen in this process (create their root). */
export type FirstSeen = (uid: string) => Promise<void>;

/** The first value of a header that may be repeated. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Where the sign-in page sends the browser back to after signing in. */
export function loginRedirect(request: FastifyRequest): string {
  return `/login?redirect_url=${encodeURIComponent(request.url)}`;
}

/**
 * Installs the authentication hook on the root instance, so it runs for every route,
 * WebDAV included. Each route says what it needs in `config.auth` (see {@link RouteAuth}).
 * HTTP Basic (password or app password) wins over a session cookie; a cookie session must
 * send the `requesttoken` header on every method that changes something, else 412.
 */
export function installAuth(app: FastifyInstance, accounts: Accounts, firstSeen: FirstSeen): void {
  const seen = new Set<string>();
  const welcome = async (uid: string): Promise<void> => {
    if (seen.has(uid)) return;
    await firstSeen(uid);
    seen.add(uid);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const mode: RouteAuth = request.routeOptions.config?.auth ?? 'required';
    if (mode === 'public') return;

    const basic = mode === 'optional' ? null : parseBasicAuth(headerValue(request.headers.authorization));
    if (basic) {
      const result = await whileConnected(reply, (signal) => accounts.authenticator.check(request.ip, basic.login, basic.password, true, signal));
      if (!result) return;
      markDelay(reply, result);
      if (result.outcome === 'ok') {
        request.user = result.user;
        request.authentication = result.authentication;
        await welcome(result.user.uid);
        return;
      }
      if (result.outcome === 'throttled') {
        return sendError(request, reply, 429, 'Too many failed sign-in attempts. Try again later.', {
          'Retry-After': String(result.retryAfter),
        });
      }
      return sendError(request, reply, 401, 'Wrong login or password.', { 'WWW-Authenticate': WWW_AUTHENTICATE });
    }

    const token = parseCookies(headerValue(request.headers.cookie)).get(SESSION_COOKIE);
    const session = token ? await accounts.sessions.get(token) : null;
    const user = session ? await accounts.users.get(session.uid) : null;
    if (session && user) {
      if (mode !== 'optional' && !SAFE_METHODS.has(request.method)) {
        if (!requestTokenMatches(session.requestToken, headerValue(request.headers.requesttoken))) {
          return sendError(request, reply, 412, 'CSRF check failed');
        }
      }
      request.user = { uid: user.uid, displayName: user.displayName, quota: user.quota };
      request.authentication = { method: 'session', sessionId: session.id, requestToken: session.requestToken };
      await welcome(user.uid);
      return;
    }

    if (mode === 'optional') return;
    if (mode === 'page' && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.redirect(loginRedirect(request), 303);
    }
    return sendError(request, reply, 401, 'Authentication required: sign in, or send a user name and password with HTTP Basic.', {
      'WWW-Authenticate': WWW_AUTHENTICATE,
    });
  });
}
