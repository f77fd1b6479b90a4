import type { FastifyInstance } from 'fastify';
import { MAX_FAILURE_REASON as MAX_REASON, MAX_REPORTED_ID, PLUGIN_ENTRY_FAILURE_KINDS, PLUGIN_FAILURES_PATH, PLUGIN_LOAD_FAILURE_KINDS, isPluginFailureKind, isReportedPluginName } from '@cumulus/protocol';
import { HttpError } from './errors';
import type { FailureReportLimits } from './plugin-failure-limiter';
import { DEFAULT_FAILURE_REPORT_LIMITS, FailureReportLimiter } from './plugin-failure-limiter';
import { bodyObject, route, userOf } from './routes';

export { PLUGIN_FAILURES_PATH };

/** The ways a plugin can fail in the browser: the loader's kinds, and failures inside its entries. */
const KINDS = [...PLUGIN_LOAD_FAILURE_KINDS, ...PLUGIN_ENTRY_FAILURE_KINDS];

function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `"${field}" must be a non-empty string.`);
  return value;
}

/**
 * `POST /apps/files/api/v1/plugins/failures` `{ "id", "kind", "reason" }`: the shell tells the
 * operator that a plugin failed in a user's browser (it also tells the user). Signed-in users
 * only; each accepted report is one warning line in the server log, naming the plugin, the
 * kind, the user and the reason (control characters dropped, cut at 500 characters). Bounded:
 * see {@link FailureReportLimiter}; over the limit the answer is 429 with `Retry-After` and
 * nothing is logged. 204 otherwise, also for a repeat that is not logged again.
 */
export function registerPluginFailureReports(app: FastifyInstance, limits: FailureReportLimits = DEFAULT_FAILURE_REPORT_LIMITS): void {
  const limiter = new FailureReportLimiter(limits);
  route(app, PLUGIN_FAILURES_PATH, 'required', {
    POST: async (request, reply) => {
      const user = userOf(request);
      const body = bodyObject(request);
      const id = text(body, 'id');
      if (!isReportedPluginName(id)) throw new HttpError(400, `"id" must be a plugin id (lower-case letters, digits, ".", "_", "-"; at most ${MAX_REPORTED_ID}).`);
      const kind = text(body, 'kind');
      if (!isPluginFailureKind(kind)) throw new HttpError(400, `"kind" must be one of: ${KINDS.join(', ')}.`);
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach the log
      const reason = text(body, 'reason').replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, MAX_REASON);
      const verdict = limiter.admit(user.uid, `${id}\u0000${kind}\u0000${reason}`);
      if (verdict === 'too-many') {
        throw new HttpError(429, 'Too many plugin failure reports; try again later.', { 'Retry-After': String(limiter.retryAfterSeconds()) });
      }
      if (verdict === 'log') {
        request.log.warn({ plugin: id, kind, uid: user.uid }, `Plugin "${id}" failed in the browser of user "${user.uid}" (${kind}): ${reason}`);
      }
      return reply.code(204).send();
    },
  });
}
