import { describe, expect, it } from '@jest/globals';
import { DeploymentConfigError, checkDeploymentConfig } from './deployment-config';

const SHA = `sha384-${'Q'.repeat(64)}`;

describe('checkDeploymentConfig', () => {
  it('turns each remote into an enabled manifest entry from the config, with defaults for name and version', () => {
    const { remotes, rejected } = checkDeploymentConfig({ remotes: [{ id: 'acme.notes', entry: 'https://p.example/remoteEntry.js', integrity: SHA }] }, 'plugins.json');
    expect(rejected).toEqual([]);
    expect(remotes).toEqual([{ id: 'acme.notes', name: 'acme.notes', version: 'unknown', entry: 'https://p.example/remoteEntry.js', enabled: true, integrity: SHA, source: 'config' }]);
  });

  it('leaves out a bad remote, a repeated id and one taking a reserved id, keeping the others', () => {
    const { remotes, rejected } = checkDeploymentConfig(
      {
        remotes: [
          { id: 'hello', entry: 'https://p.example/a.js' },
          { id: 'ok', entry: 'https://p.example/b.js' },
          { id: 'ok', entry: 'https://p.example/c.js' },
          { id: 'nourl' },
          { id: 'proto', entry: '//p.example/d.js' },
        ],
      },
      'plugins.json',
      new Set(['hello']),
    );
    expect(remotes.map((remote) => remote.id)).toEqual(['ok']);
    expect(rejected.map((entry) => [entry.position, entry.message])).toEqual([
      [0, 'Plugin "hello": its id is taken by a plugin the build ships'],
      [2, 'Plugin "ok" is listed more than once in the plugin manifest'],
      [3, 'Plugin "nourl": "entry" must be a non-empty string, got undefined'],
      [4, 'Plugin "proto": "entry" must be an absolute http(s) URL or a root-relative path, got "//p.example/d.js"'],
    ]);
  });

  it('refuses a file that is not { "remotes": [ … ] }, naming it', () => {
    expect(() => checkDeploymentConfig([], '/etc/cumulus/plugins.json')).toThrow(DeploymentConfigError);
    expect(() => checkDeploymentConfig({ plugins: [] }, '/etc/cumulus/plugins.json')).toThrow(
      'The plugin deployment config /etc/cumulus/plugins.json must be a JSON object with a "remotes" array.',
    );
  });
});
