import type { ServerConfig } from '../../server/src/config';
import type { Balancer } from '../scale/nginx-balancer';
import { startBalancer } from '../scale/nginx-balancer';
import { SERVER_PROCESS, spawnServer, stopServer } from './spawnServer';

/**
 * The scale-out mode of the suites: `npm run test:pg` sets `CUMULUS_TEST_BALANCED=1` (with
 * `CUMULUS_TEST_POSTGRES`), and the conformance servers (tests/conformance/server.ts) and, when
 * run that way, the browser end-to-end servers (tests/support/filesServer.ts) are then two
 * servers on one data dir and one PostgreSQL database, the test's own and a child process,
 * behind nginx balancing round robin: clients only ever talk to nginx.
 */
export const BALANCED = process.env['CUMULUS_TEST_BALANCED'] === '1' && Boolean(process.env['CUMULUS_TEST_POSTGRES']);

/** What the servers must be told in the scale-out mode: nginx on loopback is their proxy. */
export const BALANCED_CONFIG: Partial<ServerConfig> = BALANCED ? { trustedProxies: ['127.0.0.1'] } : {};

/** nginx in front of the test's server and a second one in a child process. */
export interface BalancedPair {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts a second server on `dataDir` (its database found the same way, from the data dir and
 * `CUMULUS_TEST_POSTGRES`) with the same configuration `overrides`, and nginx balancing over
 * it and the server already listening on `port`.
 */
export async function balanceWithSecondServer(dataDir: string, adminPassword: string, port: number, overrides: Partial<ServerConfig>): Promise<BalancedPair> {
  const second = await spawnServer(SERVER_PROCESS, [dataDir, adminPassword, JSON.stringify({ ...overrides, ...BALANCED_CONFIG })]);
  let balancer: Balancer;
  try {
    balancer = await startBalancer([`127.0.0.1:${port}`, `127.0.0.1:${second.port}`]);
  } catch (error) {
    await stopServer(second.child);
    throw error;
  }
  return {
    url: balancer.url,
    async stop() {
      await balancer.stop();
      await stopServer(second.child);
    },
  };
}
