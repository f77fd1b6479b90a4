/**
 * The ceiling for `npm run bench:server`'s upload figure: a bare node:http
 * server, in a process of its own, that takes the same chunked upload
 * requests and writes each chunk's body into `<dir>/<upload-id>` at
 * (n-1) × chunk size, as the file server's in-place assembly does, with the
 * same 4 MiB batched writes, but with no authentication, routing, database
 * or checks. MOVE closes the file; every other request gets 201.
 * Prints `{"port": N}` once listening.
 *
 *     node --import tsx tests/bench/http-sink.ts <dir> <chunk bytes>
 */
import { createServer } from 'node:http';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const [dirArg, chunkText] = process.argv.slice(2);
if (!dirArg || !chunkText) throw new Error('usage: http-sink.ts <dir> <chunk bytes>');
const dir: string = dirArg;
const chunkSize = Number(chunkText);
const BATCH = 4 * 1024 * 1024;
const files = new Map<string, Promise<FileHandle>>();

function fileFor(id: string): Promise<FileHandle> {
  let handle = files.get(id);
  if (!handle) files.set(id, (handle = open(join(dir, id), constants.O_WRONLY | constants.O_CREAT)));
  return handle;
}

async function receive(id: string, n: number, body: AsyncIterable<Buffer>): Promise<void> {
  const handle = await fileFor(id);
  let position = (n - 1) * chunkSize;
  let batch: Buffer[] = [];
  let size = 0;
  for await (const piece of body) {
    batch.push(piece);
    size += piece.length;
    if (size >= BATCH) {
      await handle.writev(batch, position);
      position += size;
      batch = [];
      size = 0;
    }
  }
  if (size > 0) await handle.writev(batch, position);
}

const server = createServer((request, response) => {
  const parts = (request.url ?? '').split('/');
  const done = (): void => {
    response.writeHead(201, { 'content-length': '0' });
    response.end();
  };
  if (request.method === 'PUT') {
    receive(parts.at(-2) ?? '', Number(parts.at(-1)), request).then(done, () => response.destroy());
    return;
  }
  request.resume();
  request.on('end', () => {
    const id = parts.at(-2) ?? '';
    const handle = request.method === 'MOVE' ? files.get(id) : undefined;
    files.delete(id);
    if (handle) handle.then((h) => h.close()).then(done, done);
    else done();
  });
});
// Idle keep-alive sockets stay open across the dd runs between uploads (node's 5 s default
// closed them while the client reused them: EPIPE), as the file server's 72 s do.
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
