/**
 * A server in a process of its own, for tests of requests that could stall an event loop
 * (the test's own loop must stay free to time the server and to give up on it) and of what
 * the server writes to its log with the default settings.
 *
 *     node --import tsx tests/server/server-process.ts <data dir> <admin password>
 *
 * Prints `{"port": N}` on stdout once listening; the server's log follows on stdout.
 */
import { startServer } from '../../server/src/app';

const [dataDir, adminPassword] = process.argv.slice(2);
if (!dataDir || !adminPassword) throw new Error('usage: server-process.ts <data dir> <admin password>');
const server = await startServer({ dataDir, port: 0, adminPassword, throttleDelayMs: 0 });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
