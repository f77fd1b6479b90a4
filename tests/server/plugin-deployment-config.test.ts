/**
 * The deployment config of third-party plugin remotes, as an operator uses it
 * with `cumulus serve` and `cumulus plugins:*`, and the endpoint through which
 * the shell reports a plugin that failed in a browser to the server log.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '../support/serverProcess';
import { startServerProcess } from '../support/serverProcess';
import { ADMIN, ADMIN_PASSWORD, basic } from './helpers';
import { runCumulus } from '../support/runCumulus';

const SHA = `sha384-${'Q'.repeat(64)}`;

/** `cumulus` as an operator runs it (no inherited NODE_OPTIONS such as jest's). */
const cumulus = (args: string[], env: Record<string, string>) => runCumulus(args, { NODE_OPTIONS: '', ...env });

/** The pino lines of the server's stdout that carry a message. */
function logMessages(server: ServerProcess): string[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
}

async function waitForLog(server: ServerProcess, test: (message: string) => boolean): Promise<string | undefined> {
  for (let i = 0; i < 100; i += 1) {
    const found = logMessages(server).find(test);
    if (found !== undefined) return found;
    await new Promise((done) => setTimeout(done, 50));
  }
  return undefined;
}

describe('the plugin deployment config', () => {
  let work: string;
  let configFile: string;
  let env: Record<string, string>;
  let server: ServerProcess;

  const manifest = async (): Promise<{ plugins: Record<string, unknown>[] }> => {
    const response = await fetch(`${server.url}/apps/files/api/v1/plugins`, { headers: { authorization: ADMIN } });
    expect(response.status).toBe(200);
    return (await response.json()) as { plugins: Record<string, unknown>[] };
  };
  const writeConfig = (remotes: unknown[]): void => writeFileSync(configFile, JSON.stringify({ remotes }));

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cumulus-deployment-config-'));
    // A built front end with one first-party plugin, hello.
    mkdirSync(join(work, 'dist/plugins'), { recursive: true });
    writeFileSync(
      join(work, 'dist/plugins/manifest.json'),
      JSON.stringify({ plugins: [{ id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: true }] }),
    );
    configFile = join(work, 'plugins.json');
    writeConfig([
      { id: 'acme.notes', name: 'Acme Notes', version: '1.0.0', entry: 'https://plugins.acme.example/notes/remoteEntry.js', integrity: SHA },
      { id: 'acme.bare', entry: 'https://plugins.acme.example/bare/remoteEntry.js' },
      { id: 'hello', entry: 'https://evil.example/remoteEntry.js' },
      { id: 'acme.badhash', entry: 'https://plugins.acme.example/x/remoteEntry.js', integrity: 'md5-abc' },
    ]);
    env = {
      CUMULUS_DATA_DIR: join(work, 'data'),
      CUMULUS_DIST_DIR: join(work, 'dist'),
      CUMULUS_PLUGINS_DIR: join(work, 'no-plugins'),
      CUMULUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CUMULUS_THROTTLE_DELAY_MS: '0',
    };
    server = await startServerProcess(env.CUMULUS_DATA_DIR ?? '', { ...env, CUMULUS_PLUGINS_CONFIG: configFile });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }, 30_000);

  it('documents the setting in `cumulus serve --help`', async () => {
    const help = await cumulus(['serve', '--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--plugins-config FILE');
    expect(help.stdout).toContain('CUMULUS_PLUGINS_CONFIG');
  }, 30_000);

  it('serves the build’s plugins, then the configured remotes with their integrity hashes and source "config"', async () => {
    expect((await manifest()).plugins).toEqual([
      { id: 'hello', name: 'Hello', version: '0.1.0', entry: '/apps/files/plugins/hello/remoteEntry.js', enabled: true },
      { id: 'acme.notes', name: 'Acme Notes', version: '1.0.0', entry: 'https://plugins.acme.example/notes/remoteEntry.js', enabled: true, integrity: SHA, source: 'config' },
      { id: 'acme.bare', name: 'acme.bare', version: 'unknown', entry: 'https://plugins.acme.example/bare/remoteEntry.js', enabled: true, source: 'config' },
    ]);
  });

  it('logs each remote it leaves out, with its id and why', async () => {
    await expect(waitForLog(server, (message) => message.includes('"hello": its id is taken by a plugin the build ships'))).resolves.toBeDefined();
    await expect(waitForLog(server, (message) => message.includes('Plugin "acme.badhash": "integrity" must be one SRI hash'))).resolves.toBeDefined();
  });

  it('lists the configured remotes with source "config" and switches them, which the manifest follows at the next request', async () => {
    const list = await cumulus(['plugins:list', '--json', '--plugins-config', configFile], env);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout) as { id: string; source: string; enabled: boolean }[];
    expect(rows.map((row) => [row.id, row.source, row.enabled])).toEqual([
      ['acme.notes', 'config', true],
      ['acme.bare', 'config', true],
    ]);
    expect(list.stderr).toContain('Skipped a remote of');

    const off = await cumulus(['plugins:disable', 'acme.notes'], { ...env, CUMULUS_PLUGINS_CONFIG: configFile });
    expect(off.code).toBe(0);
    expect(off.stdout).toBe('The plugin "acme.notes" is disabled.\nIt follows at the next page load.\n');
    expect((await manifest()).plugins.map((plugin) => plugin.id)).toEqual(['hello', 'acme.bare']);
    const table = await cumulus(['plugins:list', '--plugins-config', configFile], env);
    expect(table.stdout).toMatch(/^acme\.notes\s+1\.0\.0\s+no\s+config$/m);

    const on = await cumulus(['plugins:enable', 'acme.notes', '--plugins-config', configFile], env);
    expect(on.code).toBe(0);
    expect((await manifest()).plugins.map((plugin) => plugin.id)).toEqual(['hello', 'acme.notes', 'acme.bare']);
  }, 60_000);

  it('re-reads the file when the operator changes it, without a restart', async () => {
    writeConfig([{ id: 'acme.other', entry: 'https://plugins.acme.example/other/remoteEntry.js' }]);
    expect((await manifest()).plugins.map((plugin) => plugin.id)).toEqual(['hello', 'acme.other']);
  });

  it('refuses to start on a config file that is not JSON, saying which file', async () => {
    const broken = join(work, 'broken.json');
    writeFileSync(broken, '{ "remotes": [');
    const run = await cumulus(['serve', '--port', '0', '--plugins-config', broken], { ...env, CUMULUS_DATA_DIR: join(work, 'data-broken') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The plugin deployment config ${broken} is not valid JSON`);
  }, 30_000);
});

describe('POST /apps/files/api/v1/plugins/failures', () => {
  let dataDir: string;
  let server: ServerProcess;
  const report = (body: unknown, authorization: string | undefined = ADMIN): Promise<Response> =>
    fetch(`${server.url}/apps/files/api/v1/plugins/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cumulus-plugin-failures-'));
    server = await startServerProcess(dataDir, { CUMULUS_ADMIN_PASSWORD: ADMIN_PASSWORD, CUMULUS_PLUGINS_DIR: join(dataDir, 'none') });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('logs a report once with the plugin id, the kind, the user and the reason, without control characters', async () => {
    const body = { id: 'acme.notes', kind: 'action', reason: 'Boom\n{"forged":"line"}' };
    expect((await report(body)).status).toBe(204);
    expect((await report(body)).status).toBe(204);
    const line = 'Plugin "acme.notes" failed in the browser of user "admin" (action): Boom {"forged":"line"}';
    await expect(waitForLog(server, (message) => message === line)).resolves.toBe(line);
    expect(logMessages(server).filter((message) => message === line)).toHaveLength(1);
  });

  it('answers 401 to a request without a signed-in user and logs nothing', async () => {
    expect((await report({ id: 'acme.anon', kind: 'action', reason: 'x' }, basic('admin', 'wrong'))).status).toBe(401);
    expect(logMessages(server).some((message) => message.includes('acme.anon'))).toBe(false);
  });

  it.each([
    [{ kind: 'action', reason: 'x' }, '"id" must be a non-empty string.'],
    [{ id: '../../etc', kind: 'action', reason: 'x' }, '"id" must be a plugin id'],
    [{ id: 'a', kind: 'mood', reason: 'x' }, '"kind" must be one of: network, http'],
    [{ id: 'a', kind: 'render', reason: 42 }, '"reason" must be a non-empty string.'],
  ])('refuses %j with 400 and a message', async (body, message) => {
    const response = await report(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
  });

  it('stops logging a user who reports too much: 429 with Retry-After, and the log stays bounded', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await report({ id: 'acme.flood', kind: 'render', reason: `attempt ${i}` })).status);
    // The first report of this file took one of the 20.
    expect(statuses.filter((status) => status === 204)).toHaveLength(19);
    expect(statuses.slice(19)).toEqual([429, 429, 429, 429, 429, 429]);
    const refused = await report({ id: 'acme.flood', kind: 'render', reason: 'one more' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await waitForLog(server, (message) => message.includes('attempt 18'));
    expect(logMessages(server).filter((message) => message.includes('"acme.flood"'))).toHaveLength(19);
  }, 30_000);
});
