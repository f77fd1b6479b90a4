import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCephRgw } from './ceph-rgw';
import { startPostgresCluster } from './postgres-cluster';
import { BROWSER_THROUGH_BALANCER, SUITES_ON_S3 } from './mode-suites';

/**
 * `npm run test:s3 [jest arguments]`: the test mode on S3. Starts Ceph's RADOS Gateway on
 * loopback (tests/scale/ceph-rgw.ts) and runs jest with `CUMULUS_TEST_S3_*`
 * pointing at it and `CUMULUS_TEST_S3_CONTENT=1`: every test server started without its own
 * content settings then keeps its files in a bucket of its own (storage/content/objects/s3-config.ts,
 * `testS3Config`), as `npm run test:pg` gives each one a database. Without arguments it runs
 * the `*.s3-test.ts` files (the object layer and the server's objects mode, checked against the
 * bucket) and the protocol suites of `SUITES_ON_S3` (tests/scale/mode-suites.ts) against
 * servers whose content is on S3; with arguments, the test files given (`*.s3-test.ts` or
 * `*.test.ts` under tests/). With `CUMULUS_TEST_S3_POSTGRES=1` (the scale-out mode,
 * which `.ci/run` runs) it also starts a throwaway PostgreSQL cluster, as `npm run test:pg`
 * does: the metadata is then in PostgreSQL, the conformance and browser servers are two
 * processes behind nginx (tests/support/balanced.ts), both on the same bucket, and the
 * browser end-to-end suite (`BROWSER_THROUGH_BALANCER`) runs too (it needs `npm run build`).
 * Stops what it started and exits with jest's code. The `*.s3-test.ts` files are not
 * `*.test.ts`, so `npm test` (whose machine need not have Ceph) leaves them out.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What is read of jest.config.js: its worker count, its reporters and its projects (the S3 one is built on the e2e one). */
interface JestConfig {
  maxWorkers: string;
  reporters: unknown[];
  projects: ({ displayName: string } & Record<string, unknown>)[];
}
const jestConfig = ((await import(pathToFileURL(resolve(root, 'jest.config.js')).href)) as { default: JestConfig }).default;
const e2e = jestConfig.projects.find((project) => project.displayName === 'e2e');
if (!e2e) throw new Error('jest.config.js has no e2e project to base the S3 tests on');
const config = {
  rootDir: root,
  testTimeout: 60_000,
  maxWorkers: jestConfig.maxWorkers,
  reporters: jestConfig.reporters,
  projects: [{ ...e2e, rootDir: root, displayName: 's3', testMatch: ['<rootDir>/{server,tests}/**/*.s3-test.ts', '<rootDir>/tests/**/*.test.ts', '<rootDir>/plugins/*/tests/**/*.test.ts'] }],
};
const args = process.argv.slice(2);
const onPostgres = process.env.CUMULUS_TEST_S3_POSTGRES === '1';
// The browser files need `npm run build` (which `npm test` runs first); they run against the balancer, so only on PostgreSQL.
const selection = args.length > 0 ? args : ['\\.s3-test\\.ts$', ...SUITES_ON_S3, ...(onPostgres ? BROWSER_THROUGH_BALANCER : [])];

const started = Date.now();
const rgw = await startCephRgw();
process.stdout.write(`Ceph RGW at ${rgw.endpoint}, started in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
const postgres = onPostgres ? await startPostgresCluster() : undefined;
if (postgres) process.stdout.write(`PostgreSQL test cluster at ${postgres.url}; conformance servers: two processes behind nginx\n`);
const jest = spawn(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--forceExit', '--config', JSON.stringify(config), ...selection], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    CUMULUS_TEST_S3_CONTENT: '1',
    CUMULUS_TEST_S3_ENDPOINT: rgw.endpoint,
    CUMULUS_TEST_S3_ACCESS_KEY_ID: rgw.accessKeyId,
    CUMULUS_TEST_S3_SECRET_ACCESS_KEY: rgw.secretAccessKey,
    CUMULUS_TEST_S3_REGION: rgw.region,
    ...(postgres ? { CUMULUS_TEST_BALANCED: '1', CUMULUS_TEST_POSTGRES: postgres.url } : {}),
  },
});
const code = await new Promise<number>((done) => jest.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))));
await postgres?.stop();
await rgw.stop();
process.exit(code);
