import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A URL prefix served from a folder, or answered by a handler. */
export type Mount =
  | { prefix: string; dir: string; /** Served for paths with no file (history routing). */ fallback?: string }
  | { prefix: string; handle(request: IncomingMessage, response: ServerResponse): void };

/** A running static server. */
export interface StaticServer {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  readonly origin: string;
  /** Every path requested so far, in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Answers `body` as JSON (for manifest mounts). */
export function json(body: unknown): (request: IncomingMessage, response: ServerResponse) => void {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': TYPES['.json'] ?? 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
}

async function fileAt(dir: string, relative: string): Promise<string | undefined> {
  const file = path.resolve(dir, `.${relative}`);
  // Never serve outside the mounted folder.
  if (file !== dir && !file.startsWith(`${dir}${path.sep}`)) return undefined;
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? file : undefined;
}

async function serve(mounts: readonly Mount[], request: IncomingMessage, response: ServerResponse): Promise<void> {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
  // Longest prefix first, so /apps/files/plugins/ wins over /apps/files/.
  const mount = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length).find((m) => pathname.startsWith(m.prefix));
  if (mount === undefined) {
    response.writeHead(404).end('Not found');
    return;
  }
  if ('handle' in mount) {
    mount.handle(request, response);
    return;
  }
  const dir = path.resolve(mount.dir);
  const relative = `/${pathname.slice(mount.prefix.length)}`;
  let file = await fileAt(dir, relative === '/' ? '/index.html' : relative);
  if (file === undefined && mount.fallback !== undefined && path.extname(relative) === '') file = await fileAt(dir, mount.fallback);
  if (file === undefined) {
    response.writeHead(404).end('Not found');
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(file).pipe(response);
}

/** Options of {@link startStaticServer}. */
export interface StaticServerOptions {
  /**
   * Origins allowed to read the answers by CORS (as a plugin CDN allows the
   * Files app): a request from one of them gets `Access-Control-Allow-Origin`
   * naming it; any other origin gets no CORS header, so the browser keeps the
   * answer from it.
   */
  corsOrigins?: () => readonly string[];
}

/**
 * Serves folders and handlers on 127.0.0.1 at a free port, the way the file
 * server serves the built front end, for browser tests that need no server.
 */
export async function startStaticServer(mounts: readonly Mount[], options: StaticServerOptions = {}): Promise<StaticServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const origin = request.headers.origin;
    if (options.corsOrigins !== undefined) {
      response.setHeader('Vary', 'Origin');
      if (origin !== undefined && options.corsOrigins().includes(origin)) response.setHeader('Access-Control-Allow-Origin', origin);
    }
    serve(mounts, request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
