/**
 * The server of `npm run bench:server`, in a process of its own: the bench
 * client then runs on the other core instead of sharing one event loop with
 * the server, as a real client would. Prints `{"port": N}` on stdout once
 * listening; closes cleanly on SIGTERM (so `--cpu-prof` writes its profile).
 *
 *     node --import tsx tests/bench/server-process.ts <data dir> <admin password> [port]
 *
 * The port (default 0, any free one) lets a fault test restart the server
 * where its client expects it.
 */
import { startServer } from '../../server/src/app';

const [dataDir, adminPassword, port = '0'] = process.argv.slice(2);
if (!dataDir || !adminPassword) throw new Error('usage: server-process.ts <data dir> <admin password> [port]');
const server = await startServer({ dataDir, port: Number(port), adminPassword, logRequests: false });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
