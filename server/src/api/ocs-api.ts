import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from './deps';
import { capabilities } from './capabilities';
import { HttpError } from './errors';
import { sendOcs } from './ocs';
import { route, userOf } from './routes';
import { computeStats, diskFree } from './storage-stats';
import { notifyPushCapability } from '../changes/notify-push';

/**
 * The OCS endpoints, under both `/ocs/v1.php` and `/ocs/v2.php`: capabilities, the signed-in
 * user, and app passwords (created and revoked as the Nextcloud clients do).
 */
export function registerOcsApi(app: FastifyInstance, deps: ApiDeps): void {
  for (const base of ['/ocs/v1.php', '/ocs/v2.php']) {
    route(app, `${base}/cloud/capabilities`, 'public', {
      GET: async (request, reply) =>
        sendOcs(
          request,
          reply,
          // notify_push names its WebSocket by full URL: the one this request reached.
          capabilities(
            deps.config.maxChunkSize,
            (core) => deps.plugins.host.capabilities({ ...core, notify_push: notifyPushCapability(`${request.protocol}://${request.host}`) }),
            { bulkUpload: deps.config.bulkUpload },
          ),
        ),
    });

    route(app, `${base}/cloud/user`, 'required', {
      GET: async (request, reply) => {
        const user = userOf(request);
        const { used } = await deps.files.getUsage(user.uid);
        const stats = computeStats(used, user.quota, await diskFree(deps.config.dataDir));
        return sendOcs(request, reply, {
          enabled: true,
          id: user.uid,
          'display-name': user.displayName,
          displayname: user.displayName,
          email: null,
          quota: { free: stats.free, used: stats.used, total: stats.total, relative: stats.relative, quota: stats.quota },
          groups: [],
          language: 'en',
          locale: '',
          backend: 'Database',
        });
      },
    });

    route(app, `${base}/core/getapppassword`, 'required', {
      GET: async (request, reply) => {
        const user = userOf(request);
        if (request.authentication?.method === 'app-password') {
          throw new HttpError(403, 'You cannot request an app password using an app password.');
        }
        // A GET that creates something: from a browser session it must be a deliberate API call.
        if (request.authentication?.method === 'session' && String(request.headers['ocs-apirequest']).toLowerCase() !== 'true') {
          throw new HttpError(412, 'Send the OCS-APIRequest: true header.');
        }
        const client = String(request.headers['user-agent'] ?? '').slice(0, 255) || 'App password';
        const { password } = await deps.accounts.appPasswords.create(user.uid, client);
        return sendOcs(request, reply, { apppassword: password });
      },
    });

    route(app, `${base}/core/apppassword`, 'required', {
      DELETE: async (request, reply) => {
        const user = userOf(request);
        const id = request.authentication?.appPasswordId;
        if (request.authentication?.method !== 'app-password' || !id) {
          throw new HttpError(403, 'Only a request signed in with an app password can revoke it.');
        }
        await deps.accounts.appPasswords.revoke(user.uid, id);
        return sendOcs(request, reply, []);
      },
    });
  }
}
