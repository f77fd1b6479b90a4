import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './postgres-cluster';

const run = promisify(execFile);

/** A throwaway S3 server: Ceph's RADOS Gateway over one monitor and one memstore OSD on 127.0.0.1. */
export interface CephRgw {
  /** `http://127.0.0.1:<port>`, the S3 endpoint (path-style addressing). */
  readonly endpoint: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** RGW's default zone group, which answers as the region. */
  readonly region: string;
  /** The folder holding its configuration, data, logs and pid files. */
  readonly dir: string;
  /** Stops the three daemons and deletes their files. */
  stop(): Promise<void>;
}

/** The Ceph daemons in the order they are stopped (gateway first). */
const DAEMONS = ['client.rgw.a', 'osd.0', 'mon.a'];

/**
 * Ceph's configuration for one node on loopback (the measured recipe of docs/toolchain.md): no
 * authentication, so the gateway's connection to the monitor must be `crc` rather than its
 * secure default; pools of size 1 on one OSD that keeps its objects in memory. The monitor
 * commits its changes every 50 ms instead of every second (`paxos propose interval`): the
 * gateway's first start makes about ten pool changes one after the other, most of its
 * start at the default (docs/toolchain.md).
 */
export function cephConfig(dir: string, fsid: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
public addr = 127.0.0.1
auth cluster required = none
auth service required = none
auth client required = none
ms bind msgr1 = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
pid file = ${dir}/run/$name.pid
[mon]
mon data = ${dir}/mon-$id
paxos propose interval = 0.05
paxos min wait = 0.01
[osd]
osd data = ${dir}/osd-$id
osd objectstore = memstore
memstore device bytes = 4294967296
osd max object name len = 460
osd max object namespace len = 64
[client.rgw.a]
ms mon client mode = crc
rgw frontends = beast endpoint=127.0.0.1:${rgwPort} tcp_nodelay=1
rgw data = ${dir}/rgw
rgw dns name = localhost
`;
}

/**
 * Starts Ceph's RADOS Gateway (Debian's `radosgw`, `ceph-mon`, `ceph-osd`, `ceph-common`) in a
 * new temporary folder, on free ports of 127.0.0.1, with one S3 user. The OSD and the gateway
 * start together: the gateway waits for the OSD to create its pools, so only its first answer
 * is awaited.
 */
export async function startCephRgw(): Promise<CephRgw> {
  const dir = mkdtempSync(join(tmpdir(), 'cumulus-rgw-'));
  for (const sub of ['mon-a', 'osd-0', 'run', 'log', 'rgw']) mkdirSync(join(dir, sub));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const fsid = randomUUID();
  const conf = join(dir, 'ceph.conf');
  writeFileSync(conf, cephConfig(dir, fsid, monPort, rgwPort));
  const env = { ...process.env, CEPH_CONF: conf };
  const ceph = (command: string, args: string[]): Promise<{ stdout: string }> => run(command, args, { env });
  const stop = async (): Promise<void> => {
    for (const name of DAEMONS) {
      try {
        process.kill(Number(readFileSync(join(dir, 'run', `${name}.pid`), 'utf8').trim()), 'SIGKILL');
      } catch {
        // Not started, or gone already.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ceph('ceph-authtool', ['--create-keyring', join(dir, 'mon.keyring'), '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *']);
    await ceph('monmaptool', ['--create', '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, '--fsid', fsid, join(dir, 'monmap')]);
    await ceph('ceph-mon', ['--mkfs', '-i', 'a', '--monmap', join(dir, 'monmap'), '--keyring', join(dir, 'mon.keyring')]);
    await ceph('ceph-mon', ['-i', 'a']);
    const osdUuid = randomUUID();
    const osdId = (await ceph('ceph', ['osd', 'new', osdUuid])).stdout.trim();
    await ceph('ceph-osd', ['-i', osdId, '--mkfs', '--osd-uuid', osdUuid]);
    await ceph('ceph-osd', ['-i', osdId]);
    // radosgw daemonizes once it is connected; its HTTP frontend answers once its pools exist.
    await daemon('radosgw', ['-n', 'client.rgw.a'], env);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitForHttp(endpoint, 120_000);
    const accessKeyId = 'cumulus-test';
    const secretAccessKey = randomUUID();
    await ceph('radosgw-admin', ['user', 'create', '--uid=cumulus-test', '--display-name=cumulus-test', `--access-key=${accessKeyId}`, `--secret=${secretAccessKey}`]);
    return { endpoint, accessKeyId, secretAccessKey, region: 'default', dir, stop };
  } catch (error) {
    const log = (name: string): string => {
      try {
        return readFileSync(join(dir, 'log', `${name}.log`), 'utf8').split('\n').slice(-20).join('\n');
      } catch {
        return '';
      }
    };
    const logs = DAEMONS.map((name) => `--- ${name}\n${log(name)}`).join('\n');
    await stop();
    throw new Error(`Ceph RGW did not start: ${(error as Error).message}\n${logs}`, { cause: error });
  }
}

/** Runs a daemon that forks into the background, resolving when its foreground part exits. */
async function daemon(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`${command} exited with ${code}: ${stderr}`);
}

/** Polls `url` until it answers at all (any HTTP status). */
async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`, { cause: error });
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}
