import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Accounts } from '../auth/accounts';
import type { ChangeFeed, FeedSink } from './change-feed';

/** Where Nextcloud's notify_push serves its WebSocket (the capability names the full URL). */
export const NOTIFY_PUSH_PATH = '/push/ws';
/** What the server answers to good credentials, and to bad ones (then it closes). */
export const AUTHENTICATED = 'authenticated';
export const INVALID_CREDENTIALS = 'err: Invalid credentials';
/** A client asks for the changed file ids with this; it then gets `notify_file_id [ids]` instead of `notify_file`. */
export const LISTEN_FILE_ID = 'listen notify_file_id';
/** Changes within this many ms make one notification: a client syncs once for a burst. */
export const NOTIFY_DEBOUNCE_MS = 100;
/** A client that sends no credentials within this many ms is closed. */
const AUTH_TIMEOUT_MS = 15_000;

/**
 * The `notify_push` capability, as Nextcloud's Client Push app announces it, for a request
 * that reached the server at `origin` (`https://cloud.example.com`). Only file notifications
 * are spoken, with user name and (app) password; pre-authenticated tokens (`pre_auth`, for
 * web pages) are not offered: the shell has its own feed.
 */
export function notifyPushCapability(origin: string): { type: string[]; endpoints: { websocket: string } } {
  return { type: ['files'], endpoints: { websocket: `${origin.replace(/^http/, 'ws')}${NOTIFY_PUSH_PATH}` } };
}

/**
 * Speaks Nextcloud's notify_push protocol (the "Client Push" app) over the change feed, so
 * the desktop and mobile clients sync as soon as something changes instead of polling: the
 * client opens a WebSocket at {@link NOTIFY_PUSH_PATH}, sends its user name, then its
 * password or app password (checked like a Basic request, throttle included); the server
 * answers `authenticated` and then `notify_file` (or `notify_file_id [ids]` after
 * {@link LISTEN_FILE_ID}) whenever the user's files change, at most once per
 * {@link NOTIFY_DEBOUNCE_MS}. A hint to sync, not a record: a client missing one finds the
 * change at its next sync. Each socket counts as one of the user's feed connections.
 */
export function installNotifyPush(app: FastifyInstance, deps: { feed: ChangeFeed; accounts: Accounts }): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== NOTIFY_PUSH_PATH && path !== `/index.php${NOTIFY_PUSH_PATH}`) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serve(ws, request.socket.remoteAddress ?? '', deps));
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const ws of sockets.clients) ws.terminate();
    sockets.close();
  });
}

function serve(ws: WebSocket, ip: string, deps: { feed: ChangeFeed; accounts: Accounts }): void {
  const words: string[] = [];
  let listenIds = false;
  let state: 'credentials' | 'checking' | 'authenticated' = 'credentials';
  let unsubscribe: (() => void) | null = null;
  let closed = false;
  let pending: number[] | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const authTimer = setTimeout(() => ws.close(1008, 'No credentials'), AUTH_TIMEOUT_MS);
  authTimer.unref();

  const flush = (): void => {
    timer = null;
    if (pending === null || closed) return;
    const ids = [...new Set(pending)];
    pending = null;
    ws.send(listenIds ? `notify_file_id ${JSON.stringify(ids)}` : 'notify_file');
  };
  const sink: FeedSink = {
    ready: () => undefined,
    changes: (events) => {
      (pending ??= []).push(...events.map((event) => event.fileid));
      timer ??= setTimeout(flush, NOTIFY_DEBOUNCE_MS);
    },
    refetch: () => {
      pending ??= [];
      timer ??= setTimeout(flush, NOTIFY_DEBOUNCE_MS);
    },
    heartbeat: () => ws.ping(),
    close: () => ws.close(1001, 'Going away'),
  };

  ws.on('message', (data, isBinary) => {
    if (isBinary) return void ws.close(1003, 'Text only');
    const text = data.toString();
    if (state !== 'credentials') {
      if (text === LISTEN_FILE_ID) listenIds = true;
      return;
    }
    words.push(text);
    if (words.length < 2) return;
    state = 'checking';
    clearTimeout(authTimer);
    const [login = '', password = ''] = words;
    void deps.accounts.authenticator.check(ip, login, password, true).then(
      async (result) => {
        if (closed) return;
        if (result.outcome !== 'ok') {
          ws.send(INVALID_CREDENTIALS);
          ws.close(1008, 'Invalid credentials');
          return;
        }
        state = 'authenticated';
        ws.send(AUTHENTICATED);
        const stop = await deps.feed.subscribe(result.user.uid, null, sink);
        if (closed) stop();
        else unsubscribe = stop;
      },
      () => ws.close(1011, 'Server error'),
    );
  });
  ws.on('close', () => {
    closed = true;
    clearTimeout(authTimer);
    if (timer !== null) clearTimeout(timer);
    unsubscribe?.();
  });
  ws.on('error', () => ws.terminate());
}
