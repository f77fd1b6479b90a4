/**
 * A server in a process of its own, for tests of requests that could stall an event loop
 * (the test's own loop must stay free to time the server and to give up on it) and of what
 * the server writes to its log with the default settings.
 *
 *     node --import tsx tests/server/server-process.ts <data dir> <admin password> [--fail-storage]
 *
 * Prints `{"port": N}` on stdout once listening; the server's log follows on stdout.
 * `--fail-storage` makes every stat of a path below `/broken` throw, as a failing disk
 * would, so a test can provoke a real 500.
 */
import { startServer } from '../../server/src/app';

const [dataDir, adminPassword, ...flags] = process.argv.slice(2);
if (!dataDir || !adminPassword) throw new Error('usage: server-process.ts <data dir> <admin password> [--fail-storage]');
const server = await startServer({ dataDir, port: 0, adminPassword, throttleDelayMs: 0 });
if (flags.includes('--fail-storage')) {
  const files = server.built.files;
  const stat = files.stat.bind(files);
  files.stat = async (uid, path) => {
    if (path === '/broken' || path.startsWith('/broken/')) throw new Error('The disk failed (simulated)');
    return stat(uid, path);
  };
}
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
