import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCephRgw } from './ceph-rgw';

/**
 * `npm run test:s3 [test files]`: the tests that need a real S3 server. Starts Ceph's RADOS
 * Gateway on loopback (tests/scale/ceph-rgw.ts, about 3 s), runs jest on the `*.s3-test.ts`
 * files (all of them, or those given) with `CUMULUS_TEST_S3_*` pointing at it, stops it and
 * exits with jest's code. These files are not `*.test.ts`, so `npm test` (whose machine
 * need not have Ceph) leaves them out.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** What is read of jest.config.js: its reporters and its projects (the S3 one is built on the e2e one). */
interface JestConfig {
  reporters: unknown[];
  projects: ({ displayName: string } & Record<string, unknown>)[];
}
const jestConfig = ((await import(pathToFileURL(resolve(root, 'jest.config.js')).href)) as { default: JestConfig }).default;
const e2e = jestConfig.projects.find((project) => project.displayName === 'e2e');
if (!e2e) throw new Error('jest.config.js has no e2e project to base the S3 tests on');
const config = {
  rootDir: root,
  testTimeout: 60_000,
  reporters: jestConfig.reporters,
  projects: [{ ...e2e, rootDir: root, displayName: 's3', testMatch: ['<rootDir>/{server,tests}/**/*.s3-test.ts'] }],
};

const started = Date.now();
const rgw = await startCephRgw();
process.stdout.write(`Ceph RGW at ${rgw.endpoint}, started in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
const jest = spawn(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--forceExit', '--config', JSON.stringify(config), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    CUMULUS_TEST_S3_ENDPOINT: rgw.endpoint,
    CUMULUS_TEST_S3_ACCESS_KEY_ID: rgw.accessKeyId,
    CUMULUS_TEST_S3_SECRET_ACCESS_KEY: rgw.secretAccessKey,
    CUMULUS_TEST_S3_REGION: rgw.region,
  },
});
const code = await new Promise<number>((done) => jest.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0))));
await rgw.stop();
process.exit(code);
