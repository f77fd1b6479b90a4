import { spawn } from 'node:child_process';
import { startPostgresCluster } from './postgres-cluster';

/**
 * `npm run test:pg [jest arguments]`: the test mode on PostgreSQL. Starts a throwaway cluster,
 * runs jest with `CUMULUS_TEST_POSTGRES` pointing at it (every test server's data dir then
 * gets its own database there, `server/src/db/open.ts`), stops the cluster, and exits with
 * jest's code. Without arguments it runs the storage, account and WebDAV suites and the
 * conformance suites and three browser files (browse, actions, upload: they need `npm run
 * build`, which `npm test` runs first), whose servers are then the scale-out mode: two
 * processes on one data dir behind nginx (`CUMULUS_TEST_BALANCED=0` runs them on one process); not tests/scale (its tests start PostgreSQL themselves and run in `npm
 * test`) nor the crash-safety kills (minutes of COPYs; `npm run test:pg
 * tests/server/crash-safety.test.ts` runs them), to keep .ci/run short.
 */
/** The browser files that run against the balancer by default (the whole suite: `npm run test:pg -- tests/e2e`, ~11 min). */
const BROWSER_THROUGH_BALANCER = ['tests/e2e/files-browse.test.ts', 'tests/e2e/files-actions.test.ts', 'tests/e2e/files-upload.test.ts'];
const DEFAULT_SUITES = ['server/src/storage', 'server/src/auth', 'server/src/db', 'tests/server', 'tests/conformance', ...BROWSER_THROUGH_BALANCER];
const SKIPPED_BY_DEFAULT = ['--testPathIgnorePatterns', '/node_modules/', '/dist/', 'crash-safety'];

const cluster = await startPostgresCluster();
process.stdout.write(`PostgreSQL test cluster at ${cluster.url}\n`);
const args = process.argv.slice(2);
const jest = spawn(
  process.execPath,
  // Each test server first creates its database and runs every migration there: hooks and tests
  // get more time than jest's 5 s default on a busy machine.
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--forceExit', '--testTimeout=60000', ...(args.length > 0 ? args : [...DEFAULT_SUITES, ...SKIPPED_BY_DEFAULT])],
  // The conformance suites' servers run as two processes behind nginx (tests/conformance/server.ts).
  { stdio: 'inherit', env: { CUMULUS_TEST_BALANCED: '1', ...process.env, CUMULUS_TEST_POSTGRES: cluster.url } },
);
const code = await new Promise<number>((done) => jest.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))));
await cluster.stop();
process.exit(code);
