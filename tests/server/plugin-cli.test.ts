import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/src/app';
import { ADMIN, ADMIN_PASSWORD, request } from './helpers';
import { runCumulus } from '../support/runCumulus';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PLUGINS = join(ROOT, 'tests/fixtures/server-plugins');

/** Runs the `cumulus` command line as an operator would, from the repository root. */
const cumulus = runCumulus;

describe('cumulus plugins:list, plugins:enable, plugins:disable', () => {
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cumulus-plugin-cli-'));
    env = { CUMULUS_DATA_DIR: dataDir, CUMULUS_PLUGINS_DIR: PLUGINS };
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('lists the first-party plugins of the repository by default, with version, switch and source; the example (hello) off until enabled', async () => {
    const list = await cumulus(['plugins:list'], { CUMULUS_DATA_DIR: dataDir });
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+VERSION\s+ENABLED\s+SOURCE$/);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^trash\s+0\.1\.0\s+yes\s+plugins\/trash$/), expect.stringMatching(/^hello\s+0\.1\.0\s+no\s+plugins\/hello$/)]));
    expect(await cumulus(['plugins:enable', 'hello'], { CUMULUS_DATA_DIR: dataDir })).toMatchObject({ code: 0, stdout: 'The plugin "hello" is enabled.\nIt follows at the next page load.\n' });
    const after = await cumulus(['plugins:list'], { CUMULUS_DATA_DIR: dataDir });
    expect(after.stdout.trim().split('\n')).toEqual(expect.arrayContaining([expect.stringMatching(/^hello\s+0\.1\.0\s+yes\s+plugins\/hello$/)]));
  }, 30000);

  it('disables and enables a plugin; the switch is what the server starts with', async () => {
    const disabled = await cumulus(['plugins:disable', 'notes'], env);
    expect(disabled).toMatchObject({ code: 0, stderr: '' });
    expect(disabled.stdout).toBe('The plugin "notes" is disabled.\nThe web part follows at the next page load, the server part at the next server start.\n');
    const list = await cumulus(['plugins:list', '--json'], env);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout) as { id: string; version: string; enabled: boolean; source: string }[];
    expect(rows.find((row) => row.id === 'notes')).toEqual({ id: 'notes', name: 'Notes', version: '1.2.3', enabled: false, source: 'tests/fixtures/server-plugins/notes' });

    const options = { dataDir, port: 0, adminPassword: ADMIN_PASSWORD, pluginsDir: PLUGINS, distDir: join(dataDir, 'no-dist'), throttleDelayMs: 0 };
    let server = await startServer(options);
    try {
      expect(server.built.plugins.host.activeIds()).not.toContain('notes');
      expect((await request(server, '/apps/notes/api/hello/x', { headers: { Authorization: ADMIN } })).status).toBe(404);
    } finally {
      await server.close();
    }

    const enabled = await cumulus(['plugins:enable', 'notes'], env);
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toContain('The plugin "notes" is enabled.');
    server = await startServer(options);
    try {
      expect(server.built.plugins.host.activeIds()).toContain('notes');
      expect((await request(server, '/apps/notes/api/hello/x', { headers: { Authorization: ADMIN } })).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60000);

  it("runs an enabled plugin's commands as <plugin id>:<name> and lists them in the help; a disabled plugin's are unknown", async () => {
    const help = await cumulus(['help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Commands of the enabled plugins:\n  notes:say <words…>\n      Prints its words.');
    expect(help.stderr).toContain('The plugin "broken" was not loaded: Plugin "broken": activation failed: cannot reach its database');
    const said = await cumulus(['notes:say', 'hello', 'world'], env);
    expect(said).toMatchObject({ code: 0, stdout: 'hello world\n' });
    const bare = await cumulus(['notes:say'], env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('Usage: cumulus notes:say <words…>');

    expect((await cumulus(['plugins:disable', 'notes'], env)).code).toBe(0);
    const gone = await cumulus(['notes:say', 'hi'], env);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('Unknown command "notes:say"');
    expect((await cumulus(['help'], env)).stdout).not.toContain('notes:say');
    expect((await cumulus(['plugins:enable', 'notes'], env)).code).toBe(0);
  }, 60000);

  it('refuses an unknown plugin (exit 1, naming the installed ones) and a missing id (exit 2)', async () => {
    const unknown = await cumulus(['plugins:enable', 'nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Error: The plugin "nope" is not installed (installed: broken, notes, stranger).\n');
    const missing = await cumulus(['plugins:disable'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: cumulus plugins:disable <id>');
    const help = await cumulus(['help'], env);
    expect(help.stdout).toContain('plugins:list [--json]');
  }, 30000);
});
