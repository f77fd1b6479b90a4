import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/src/app';
import { documentedKeys } from '../../server/src/cli/serve-help';
import { basic } from './helpers';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../server/bin/cumulus.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the `cumulus` command line as an operator would. */
function cumulus(args: string[], env: Record<string, string> = {}, input?: string): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

describe('the cumulus command line', () => {
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cumulus-cli-'));
    env = { CUMULUS_DATA_DIR: dataDir };
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints the usage and exits 2 without a command, or with an unknown one', async () => {
    const none = await cumulus([], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: cumulus <command>');
    const unknown = await cumulus(['user:frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "user:frobnicate"');
  }, 30000);

  it('adds users (password from the environment or piped), refuses duplicates and bad ids', async () => {
    const added = await cumulus(['user:add', 'hana', '--display-name', 'Hana H', '--quota', '1 MB', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'hana-password' });
    expect(added).toMatchObject({ code: 0, stdout: 'The user "hana" was created.\n' });
    const piped = await cumulus(['user:add', 'ivan'], env, 'ivan-password\n');
    expect(piped.code).toBe(0);
    const again = await cumulus(['user:add', 'hana', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'x' });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The user "hana" already exists.');
    const bad = await cumulus(['user:add', '../evil', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'x' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('A user id has 1 to 64 characters');
    const typo = await cumulus(['user:add', 'jo', '--qouta', '5'], env);
    expect(typo).toMatchObject({ code: 2, stderr: 'Unknown option --qouta.\n' });
  }, 30000);

  it('lists, sets quota, changes a password and deletes', async () => {
    const list = await cumulus(['user:list', '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      { uid: 'hana', displayName: 'Hana H', quota: 1048576, used: 0, lastLogin: null },
      { uid: 'ivan', displayName: 'ivan', quota: -1, used: 0, lastLogin: null },
    ]);
    expect((await cumulus(['user:quota', 'ivan', '2 GB'], env)).stdout).toBe('The quota of "ivan" is now 2 GB.\n');
    expect((await cumulus(['user:quota', 'ivan'], env)).stdout).toBe('2 GB\n');
    const badQuota = await cumulus(['user:quota', 'ivan', 'lots'], env);
    expect(badQuota.code).toBe(1);
    expect(badQuota.stderr).toContain('"lots" is not a quota.');
    expect((await cumulus(['user:passwd', 'ivan', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'new-ivan-password' })).code).toBe(0);
    expect((await cumulus(['user:passwd', 'nobody', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'x' })).code).toBe(1);
    expect((await cumulus(['user:delete', 'hana'], env)).code).toBe(0);
    const gone = await cumulus(['user:delete', 'hana'], env);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('The user "hana" does not exist.');
  }, 60000);

  it('refuses a valued option followed by another option rather than taking the flag as its value', async () => {
    const swallowed = await cumulus(['user:add', 'carol', '--display-name', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'carol-password' });
    expect(swallowed).toMatchObject({ code: 2, stderr: 'The option --display-name needs a value.\n', stdout: '' });
    const quota = await cumulus(['user:add', 'carol', '--quota', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'carol-password' });
    expect(quota).toMatchObject({ code: 2, stderr: 'The option --quota needs a value.\n' });
    const name = await cumulus(['user:app-password:add', 'hana', '--name', '--data-dir', dataDir], env);
    expect(name).toMatchObject({ code: 2, stderr: 'The option --name needs a value.\n' });
    const list = await cumulus(['user:list', '--json'], env);
    expect((JSON.parse(list.stdout) as { uid: string }[]).map((user) => user.uid)).not.toContain('carol');
  }, 30000);

  it('user:list shows the used space in the units of the quota', async () => {
    expect((await cumulus(['user:add', 'kim', '--quota', '5 MB', '--password-from-env'], { ...env, CUMULUS_PASSWORD: 'kim-password' })).code).toBe(0);
    const server = await startServer({ dataDir, port: 0, adminPassword: 'admin-password' });
    try {
      const put = await fetch(`${server.url}/remote.php/dav/files/kim/photo.jpg`, { method: 'PUT', headers: { authorization: basic('kim', 'kim-password') }, body: Buffer.alloc(3040870, 7) });
      expect(put.status).toBe(201);
    } finally {
      await server.close();
    }
    const list = await cumulus(['user:list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^kim\s+kim\s+5 MB\s+2\.9 MB$/m);
    expect(list.stdout).toMatch(/^USER\s+DISPLAY NAME\s+QUOTA\s+USED$/m);
  }, 60000);

  it('serve --help lists every setting with its variable, configuration key and default', async () => {
    const help = await cumulus(['serve', '--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: cumulus serve [--port N]');
    expect(help.stdout).toContain('  CUMULUS_DATA_DIR (key dataDir, default ./data)');
    expect(help.stdout).toContain('  CUMULUS_CHANGES_WINDOW (key changeFeed.window.maxAgeSeconds, default 3600)');
    for (const { name, key } of documentedKeys()) expect(help.stdout).toContain(`  ${name} (key ${key}, default `);
    expect(help.stdout).toContain('  --plugins-config FILE');
  }, 30000);

  it('answers the help, serve --help, db:* and a plugin command from the precompiled bundle, loading no TypeScript', async () => {
    // A module hook that refuses every TypeScript module: a command run through tsx (the sources) fails.
    const refuseTypeScript = `export async function resolve(specifier, context, next) { if (/\\.ts$/.test(specifier)) throw new Error('TypeScript loaded: ' + specifier); return next(specifier, context); }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(refuseTypeScript)}`)});`;
    const bundled = { ...env, NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(register)}` };
    const help = await cumulus(['help'], bundled);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('  db:copy <postgres://');
    expect(help.stdout).toContain('Commands of the enabled plugins:\n  trash:expire [<uid>]');
    const serveHelp = await cumulus(['serve', '--help'], bundled);
    expect(serveHelp.code).toBe(0);
    expect(serveHelp.stdout).toContain('  CUMULUS_DATA_DIR (key dataDir, default ./data)');
    expect(await cumulus(['db:copy'], bundled)).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: cumulus db:copy <postgres://') });
    expect(await cumulus(['trash:expire'], bundled)).toMatchObject({ code: 0, stdout: 'Expired 0 items.\n' });
    // The hook is real: the sources through tsx are refused.
    const fromSource = await cumulus(['help'], { ...bundled, CUMULUS_CLI_FROM_SOURCE: '1' });
    expect(fromSource.code).not.toBe(0);
    expect(fromSource.stderr).toContain('TypeScript loaded: ');
  }, 60000);

  it('creates an app password that signs in to a server, lists and revokes it', async () => {
    const created = await cumulus(['user:app-password:add', 'ivan', '--name', 'rclone'], env);
    expect(created.code).toBe(0);
    const [header = '', secret = ''] = created.stdout.trim().split('\n');
    const id = /id ([0-9a-f]+)/.exec(header)?.[1] ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){4}$/);
    const server = await startServer({ dataDir, port: 0, adminPassword: 'admin-password' });
    try {
      const stats = (password: string): Promise<Response> =>
        fetch(`${server.url}/apps/files/api/v1/stats`, { headers: { authorization: basic('ivan', password) } });
      expect((await stats(secret)).status).toBe(200);
      expect((await stats('new-ivan-password')).status).toBe(200);
      const listed = await cumulus(['user:app-password:list', 'ivan'], env);
      expect(listed.stdout).toContain(id);
      expect(listed.stdout).toContain('rclone');
      expect(listed.stdout).not.toContain(secret);
      expect((await cumulus(['user:app-password:delete', 'ivan', id], env)).code).toBe(0);
      expect((await stats(secret)).status).toBe(401);
    } finally {
      await server.close();
    }
  }, 60000);

  it('serve creates admin with a generated password kept with mode 0600 and prints how to sign in', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'cumulus-serve-'));
    try {
      const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--host', '127.0.0.1'], { env: { ...process.env, CUMULUS_DATA_DIR: fresh, CUMULUS_ADMIN_PASSWORD: '' } });
      let out = '';
      await new Promise<void>((done) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('WebDAV:')) done();
        });
      });
      const url = /running at (http:\/\/[^/\s]+)\//.exec(out)?.[1] ?? '';
      const password = /generated: (\S+)/.exec(out)?.[1] ?? '';
      expect(out).toContain(`Sign in at ${url}/login as "admin".`);
      expect(password.length).toBe(20);
      expect((await stat(join(fresh, 'admin-password'))).mode & 0o777).toBe(0o600);
      const response = await fetch(`${url}/apps/files/api/v1/stats`, { headers: { authorization: basic('admin', password) } });
      expect(response.status).toBe(200);
      const exited = new Promise<number | null>((done) => child.on('close', done));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 60000);

  it('forgets the generated admin password once it is changed, so serve no longer points at it', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'cumulus-passwd-'));
    try {
      const first = await startServer({ dataDir: fresh, port: 0 });
      expect(first.adminPasswordFile).toBe(join(fresh, 'admin-password'));
      await first.close();
      const changed = await cumulus(['user:passwd', 'admin', '--password-from-env'], { CUMULUS_DATA_DIR: fresh, CUMULUS_PASSWORD: 'a-new-admin-password' });
      expect(changed).toMatchObject({ code: 0, stdout: 'The password of "admin" was changed.\n' });
      await expect(stat(join(fresh, 'admin-password'))).rejects.toMatchObject({ code: 'ENOENT' });
      const again = await startServer({ dataDir: fresh, port: 0 });
      expect(again.adminPasswordFile).toBeUndefined();
      expect(again.adminPassword).toBe('');
      await again.close();
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 60000);

  it('drops a kept admin password that no longer signs in (changed some other way)', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'cumulus-stale-'));
    try {
      await (await startServer({ dataDir: fresh, port: 0 })).close();
      await writeFile(join(fresh, 'admin-password'), 'not-the-password\n', { mode: 0o600 });
      const server = await startServer({ dataDir: fresh, port: 0 });
      expect(server.adminPasswordFile).toBeUndefined();
      await server.close();
      await expect(stat(join(fresh, 'admin-password'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 60000);
});
