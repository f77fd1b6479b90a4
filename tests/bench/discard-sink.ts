/**
 * The server of `bench:upload`'s `bodies` part: a bare node:http server, in a
 * process of its own, that reads every request body and throws it away
 * (201), and answers GET with a page holding one file input. Chromium's
 * cost of sending a body is then measured without a file server's work.
 * Prints `{"port": N}` once listening.
 *
 *     node --import tsx tests/bench/discard-sink.ts
 */
import { createServer } from 'node:http';

const PAGE = '<!doctype html><title>sink</title><input type="file" id="file">';

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(PAGE) });
    response.end(PAGE);
    return;
  }
  request.resume();
  request.on('end', () => {
    response.writeHead(201, { 'content-length': '0' });
    response.end();
  });
});
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
