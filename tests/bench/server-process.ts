/**
 * The server of `npm run bench:*` and of the fuzz test, in a process of its
 * own: the client then runs on the other core instead of sharing one event
 * loop with the server, as a real client would. Prints `{"port": N}` on stdout
 * once listening; closes cleanly on SIGTERM (so `--cpu-prof` writes its
 * profile). With an IPC channel, answers the message `"memory"` with its
 * `process.memoryUsage()` measured after a full GC (when run with
 * `--expose-gc`).
 *
 * An optional third argument, a JSON object, overrides configuration values
 * (an A/B of a server feature).
 *
 *     node --import tsx tests/bench/server-process.ts <data dir> <admin password> [config JSON]
 */
import { startServer } from '../../server/src/app';
import type { ServerConfig } from '../../server/src/config';

const [dataDir, adminPassword, overrides] = process.argv.slice(2);
if (!dataDir || !adminPassword) throw new Error('usage: server-process.ts <data dir> <admin password> [config JSON]');
const config = (overrides === undefined ? {} : JSON.parse(overrides)) as Partial<ServerConfig>;
const server = await startServer({ ...config, dataDir, port: 0, adminPassword, logRequests: false });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
const send = process.send?.bind(process);
if (send) {
  process.on('message', (message) => {
    if (message !== 'memory') return;
    globalThis.gc?.();
    send({ memory: process.memoryUsage(), collected: typeof globalThis.gc === 'function' });
  });
  // The channel must not keep the server alive once SIGTERM closed it.
  process.channel?.unref();
}
