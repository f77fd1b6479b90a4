import { spawn } from 'node:child_process';
import { startPostgresCluster } from './postgres-cluster';
import { LEFT_TO_THE_S3_MODE } from './mode-suites';

/**
 * `npm run test:pg [jest arguments]`: the test mode on PostgreSQL (arguments that are all options,
 * such as `-- --maxWorkers=1`, run the default selection with them). Starts a throwaway cluster,
 * runs jest with `CUMULUS_TEST_POSTGRES` pointing at it (every test server's data dir then
 * gets its own database there, `server/src/db/open.ts`), stops the cluster, and exits with
 * jest's code. Without arguments it runs the storage, account and WebDAV suites and the
 * conformance suites, whose servers are then two processes on one data dir behind nginx
 * (`CUMULUS_TEST_BALANCED=0` runs them on one process), content on the local disk; not
 * tests/scale (its tests start PostgreSQL themselves and run in `npm test`), nor the
 * crash-safety kills (minutes of COPYs; `npm run test:pg tests/server/crash-safety.test.ts`
 * runs them), nor the content-agnostic suites and browser files that `.ci/run` runs in the
 * scale-out mode on S3 (`LEFT_TO_THE_S3_MODE`, tests/scale/mode-suites.ts; `npm run test:pg
 * -- <file>` runs any of them here), to keep .ci/run short.
 */
const DEFAULT_SUITES = ['server/src/storage', 'server/src/auth', 'server/src/db', 'tests/server', 'tests/conformance'];
/** jest's ignore patterns are regular expressions of paths. */
const escaped = (path: string): string => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SKIPPED_BY_DEFAULT = ['--testPathIgnorePatterns', '/node_modules/', '/dist/', 'crash-safety', ...LEFT_TO_THE_S3_MODE.map(escaped)];

const cluster = await startPostgresCluster();
process.stdout.write(`PostgreSQL test cluster at ${cluster.url}\n`);
const args = process.argv.slice(2);
// Only options (`--maxWorkers=1`, say) keep the default selection: they are added to it.
const onlyOptions = args.every((arg) => arg.startsWith('-'));
const jest = spawn(
  process.execPath,
  // Each test server first creates its database and runs every migration there: hooks and tests
  // get more time than jest's 5 s default on a busy machine.
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--forceExit', '--testTimeout=60000', ...(onlyOptions ? [...DEFAULT_SUITES, ...SKIPPED_BY_DEFAULT, ...args] : args)],
  // The conformance suites' servers run as two processes behind nginx (tests/conformance/server.ts).
  { stdio: 'inherit', env: { CUMULUS_TEST_BALANCED: '1', ...process.env, CUMULUS_TEST_POSTGRES: cluster.url } },
);
const code = await new Promise<number>((done) => jest.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))));
await cluster.stop();
process.exit(code);
