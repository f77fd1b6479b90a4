import { CHANGES_PATH } from '@cumulus/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, sendError } from '../api/errors';
import { prepareScope, route, userOf } from '../api/routes';
import { headerValue } from '../auth/hook';
import { parentPath } from '../storage/model/paths';
import type { ChangeFeed, FeedSink } from './change-feed';
import type { ChangeEvent, ChangeMessage } from './types';

/** Where the feed is served (Server-Sent Events). */
export { CHANGES_PATH };

/** How long a browser waits before reconnecting after the connection dropped (ms, the SSE `retry:` field). */
export const RECONNECT_MS = 2000;
/** How long a client dropped for too many connections waits before it tries again (ms). */
export const EVICTED_RETRY_MS = 60_000;
/** Bytes a slow client may have waiting; beyond, it is dropped (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** A change as the wire carries it: what the client needs to find the row, nothing else. */
export function changeMessage(event: ChangeEvent): ChangeMessage {
  return {
    folder: parentPath(event.path),
    path: event.path,
    fileid: event.fileid,
    type: event.type,
    ...(event.etag === null ? { deleted: true as const } : { etag: event.etag }),
    ...(event.from === undefined ? {} : { from: event.from }),
    ...(event.properties === true ? { properties: true as const } : {}),
  };
}

/**
 * The client's position: the `Last-Event-ID` header an EventSource sends when it reconnects,
 * else the `lastEventId` query parameter (a new EventSource cannot set headers; a shell tab
 * that takes the connection over from another passes the id it had). Null: a fresh client.
 */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const query = request.query as Record<string, unknown> | undefined;
  const given = headerValue(request.headers['last-event-id']) ?? (typeof query?.lastEventId === 'string' ? query.lastEventId : undefined);
  if (given === undefined || given === '') return null;
  if (!/^\d{1,15}$/.test(given)) throw new HttpError(400, 'Last-Event-ID must be a change id (digits).');
  return Number(given);
}

/** An SSE event block. */
function block(event: string, id: number | null, data: string): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
}

/**
 * Serves the signed-in user's change feed as Server-Sent Events on one long-lived GET,
 * authenticated like every request (session cookie or Basic). Events:
 * - `ready` (id: where the client stands), first, for a client without `Last-Event-ID`;
 * - `node` (id, data: {@link ChangeMessage}), one per change;
 * - `refetch` (id): changes were missed beyond the window, list again;
 * - `evicted`: too many connections of this user, this (oldest) one is dropped;
 * and a comment line as a heartbeat.
 */
export function registerChangeFeed(app: FastifyInstance, feed: ChangeFeed): void {
  app.register(async (scope) => {
    prepareScope(scope);
    route(scope, CHANGES_PATH, 'required', {
      GET: async (request: FastifyRequest, reply: FastifyReply) => {
        const user = userOf(request);
        let lastEventId: number | null;
        try {
          lastEventId = lastEventIdOf(request);
        } catch (error) {
          if (error instanceof HttpError) return sendError(request, reply, error.status, error.message);
          throw error;
        }
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          // nginx and friends would hold the stream back otherwise.
          'X-Accel-Buffering': 'no',
        });
        let open = true;
        let unsubscribe: (() => void) | null = null;
        const end = (): void => {
          if (!open) return;
          open = false;
          unsubscribe?.();
          raw.end();
        };
        const write = (text: string): void => {
          if (!open) return;
          raw.write(text);
          if (raw.writableLength > MAX_BUFFERED_BYTES) end();
        };
        const sink: FeedSink = {
          ready: (id) => write(block('ready', id, '{}')),
          refetch: (id) => write(block('refetch', id, '{}')),
          changes: (events) => write(events.map((event) => block('node', event.id, JSON.stringify(changeMessage(event)))).join('')),
          heartbeat: () => write(': heartbeat\n\n'),
          close: (reason) => {
            if (reason === 'evicted') write(`retry: ${EVICTED_RETRY_MS}\n${block('evicted', null, '{}')}`);
            end();
          },
        };
        raw.on('close', end);
        write(`retry: ${RECONNECT_MS}\n\n`);
        try {
          unsubscribe = await feed.subscribe(user.uid, lastEventId, sink);
        } catch (error) {
          request.log.error({ err: error }, 'The change feed could not start');
          end();
          return;
        }
        // Gone while the replay was read.
        if (!open) unsubscribe();
      },
    });
  });
}
