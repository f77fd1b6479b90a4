import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import type { PostgresCluster } from './postgres-cluster';
import { freePort, startPostgresCluster } from './postgres-cluster';

/** Debian's nginx (package `nginx`) as a round-robin balancer on 127.0.0.1. */
export interface Balancer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  stop(): Promise<void>;
}

/** The nginx configuration server/README.md documents (and shows verbatim), as a file. */
export const DOCUMENTED_CONFIG = resolve(dirname(fileURLToPath(import.meta.url)), '../../server/deploy/nginx-cumulus.conf');
const README = resolve(dirname(fileURLToPath(import.meta.url)), '../../server/README.md');

/**
 * The documented file itself, its ports only substituted: `listen 80` becomes this balancer's
 * port on loopback, and the two upstreams `127.0.0.1:8081` and `:8082` become `upstreams`. It
 * fails when server/README.md no longer shows the file verbatim, or the file no longer has
 * what is substituted, so that the docs cannot drift from what the tests run.
 */
export function documentedConfig(port: number, upstreams: readonly string[]): string {
  const file = readFileSync(DOCUMENTED_CONFIG, 'utf8');
  const shown = readFileSync(README, 'utf8');
  if (!shown.includes(file.trimEnd().split('\n').map((line) => (line === '' ? '' : `   ${line}`)).join('\n'))) {
    throw new Error(`server/README.md does not show ${DOCUMENTED_CONFIG} verbatim (indented by 3 spaces in step 6): update one or the other.`);
  }
  const listen = 'listen 80 default_server;';
  if (file.split(listen).length !== 2) throw new Error(`${DOCUMENTED_CONFIG} should hold "${listen}" once`);
  // The documented two processes' lines (the primaries, then the backups), one for each of `upstreams` (a benchmark may run more).
  const pairs = /^( *)server 127\.0\.0\.1:8081( [^\n]*)\n *server 127\.0\.0\.1:8082 [^\n]*$/gm;
  if ((file.match(pairs) ?? []).length !== 2) throw new Error(`${DOCUMENTED_CONFIG} should list the upstreams 127.0.0.1:8081 and 127.0.0.1:8082 on two lines, then as backups on two more`);
  const config = file
    .replace(listen, `listen 127.0.0.1:${port} default_server;`)
    .replace(pairs, (_lines, indent: string, rest: string) => upstreams.map((upstream) => `${indent}server ${upstream}${rest}`).join('\n'));
  return config;
}

/**
 * Debian's main nginx.conf around the documented file (which Debian includes from conf.d/ in
 * its `http` block), with its state in `dir`.
 */
export function balancerConfig(dir: string): string {
  return `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/cumulus.conf;
}
`;
}

/** Starts nginx in the foreground on a free port, balancing over `upstreams` (`host:port` each). */
export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'cumulus-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'cumulus.conf'), documentedConfig(port, upstreams));
  writeFileSync(join(dir, 'nginx.conf'), balancerConfig(dir));
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx ended: ${stderr}`);
    const up = await fetch(`${url}/status.php`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Two `cumulus serve` processes on one data dir and a database of their own, behind nginx. */
export interface BalancedPair {
  readonly dataDir: string;
  /** What the processes were started with (a restarted one gets the same). */
  readonly env: Record<string, string>;
  /** The processes; a test that restarts one puts the new one in its place. */
  readonly servers: ServerProcess[];
  readonly balancer: Balancer;
  /** Stops nginx, the processes and the cluster it started, and removes the data dir. */
  stop(): Promise<void>;
}

/**
 * Starts the scale-out mode on loopback: PostgreSQL (CUMULUS_TEST_POSTGRES's, else a cluster of
 * its own), a new database named after `name`, two processes with `env` (signed in as admin with
 * `password`, trusting the proxy), and nginx in front, from the documented configuration.
 */
export async function startBalancedPair(name: string, password: string, env: Record<string, string> = {}): Promise<BalancedPair> {
  let cluster: PostgresCluster | undefined;
  const base = process.env['CUMULUS_TEST_POSTGRES'] ?? (cluster = await startPostgresCluster()).url;
  const dataDir = await mkdtemp(join(tmpdir(), `cumulus-${name}-`));
  const settings = {
    CUMULUS_DATABASE_URL: `${base}/${name.replaceAll('-', '_')}_${randomBytes(6).toString('hex')}`,
    CUMULUS_ADMIN_PASSWORD: password,
    CUMULUS_TRUSTED_PROXIES: '127.0.0.1',
    ...env,
  };
  const servers: ServerProcess[] = [];
  let balancer: Balancer | undefined;
  const stop = async (): Promise<void> => {
    await balancer?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
    await cluster?.stop();
  };
  try {
    for (let i = 0; i < 2; i += 1) servers.push(await startServerProcess(dataDir, settings));
    balancer = await startBalancer(servers.map((server) => server.url.replace('http://', '')));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    dataDir,
    env: settings,
    servers,
    balancer,
    stop,
  };
}
