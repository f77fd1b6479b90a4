import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../auth/accounts';
import { requestTokenMatches } from '../auth/sessions';
import { AccountError } from '../auth/user-validation';
import { HttpError } from '../api/errors';
import { bodyObject, route, userOf } from '../api/routes';
import { renderSecurityPage, renderWebDavHelpPage } from './account-page-html';
import type { SecurityPageOptions } from './account-page-html';
import { PAGE_HEADERS } from './html';
import { i18nKey } from '../i18n/translate';
import { pageLocale } from '../i18n/page-locale';
import type { UserLanguage } from '../i18n/page-locale';

/** The error for an app password name over 255 characters (the only refusal of `create`). */
export const NAME_TOO_LONG = i18nKey('An app password name has at most 255 characters.');
/** The error for revoking an app password that is gone. */
export const NO_SUCH_APP_PASSWORD = i18nKey('That app password does not exist any more.');
/** The notice after revoking. */
export const REVOKED = i18nKey('The app password was revoked.');

/** The signed-in user's WebDAV address as this request reached the server. */
export function webDavUrlOf(request: FastifyRequest, uid: string): string {
  return `${request.protocol}://${request.host}/remote.php/dav/files/${encodeURIComponent(uid)}/`;
}

function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
}

/**
 * The account pages the files app's settings dialog links to (its WebDAV
 * section): `/settings/user/webdav` (help) and `/settings/user/security`
 * (app passwords: create one, shown once; revoke one). The forms post with
 * the session's request token in a field, checked here, since plain forms
 * cannot send the `requesttoken` header the auth hook asks for.
 */
export function registerAccountPages(app: FastifyInstance, accounts: Accounts, userLanguage?: UserLanguage): void {
  route(app, '/settings/user/webdav', 'page', {
    GET: async (request, reply) => {
      const { uid } = userOf(request);
      return sendPage(reply, renderWebDavHelpPage({ uid, webDavUrl: webDavUrlOf(request, uid), locale: await pageLocale(request, userLanguage) }));
    },
  });

  const showSecurity = async (request: FastifyRequest, reply: FastifyReply, extra: Partial<SecurityPageOptions> = {}, status = 200) => {
    const { uid } = userOf(request);
    const appPasswords = await accounts.appPasswords.list(uid);
    return sendPage(reply, renderSecurityPage({ uid, requestToken: request.authentication?.requestToken ?? '', appPasswords, locale: await pageLocale(request, userLanguage), ...extra }), status);
  };

  route(app, '/settings/user/security', 'page', { GET: async (request, reply) => showSecurity(request, reply) });

  /** The user of a form post, after checking its request token; null when the browser was sent to sign in. */
  const formUser = (request: FastifyRequest, reply: FastifyReply): string | null => {
    if (!request.user || request.authentication?.method !== 'session') {
      void reply.redirect(`/login?redirect_url=${encodeURIComponent('/settings/user/security')}`, 303);
      return null;
    }
    const sent = bodyObject(request)['requesttoken'];
    if (!requestTokenMatches(request.authentication.requestToken ?? '', typeof sent === 'string' ? sent : undefined)) {
      throw new HttpError(412, 'CSRF check failed');
    }
    return request.user.uid;
  };

  route(app, '/settings/user/security/app-passwords', 'optional', {
    POST: async (request, reply) => {
      const uid = formUser(request, reply);
      if (uid === null) return reply;
      const name = bodyObject(request)['name'];
      try {
        const { info, password } = await accounts.appPasswords.create(uid, typeof name === 'string' ? name : '');
        return showSecurity(request, reply, { created: { name: info.name, password } });
      } catch (error) {
        if (error instanceof AccountError) return showSecurity(request, reply, { error: NAME_TOO_LONG }, 400);
        throw error;
      }
    },
  });

  route(app, '/settings/user/security/app-passwords/:id/delete', 'optional', {
    POST: async (request, reply) => {
      const uid = formUser(request, reply);
      if (uid === null) return reply;
      const { id } = request.params as { id: string };
      try {
        await accounts.appPasswords.revoke(uid, id);
      } catch (error) {
        if (error instanceof AccountError) return showSecurity(request, reply, { error: NO_SUCH_APP_PASSWORD }, 404);
        throw error;
      }
      return showSecurity(request, reply, { notice: REVOKED });
    },
  });
}
