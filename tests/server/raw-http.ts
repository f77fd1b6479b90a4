import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** A response read whole. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends a request with the path exactly as given (no URL normalisation, unlike fetch), so
 * `..`, `%2e%2e`, backslashes and NUL reach the server as a hostile client would send them.
 */
export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((done, fail) => {
    const req = httpRequest({ hostname, port, method, path, headers, insecureHTTPParser: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Writes bytes on a plain socket and returns whatever came back until the server closed
 * the connection (or 5 s passed). Used for requests the server refuses before reading them
 * whole, where an HTTP client would fail on the reset instead of reporting the answer.
 */
export function rawSocketAnswer(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((done) => {
    let received = '';
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(bytes, () => undefined);
    });
    const timer = setTimeout(() => socket.destroy(), 5000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      done(received);
    });
  });
}

/** The status code of {@link rawSocketAnswer}'s answer (0 if none). */
export async function rawSocketStatus(baseUrl: string, bytes: string): Promise<number> {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(await rawSocketAnswer(baseUrl, bytes))?.[1] ?? 0);
}
