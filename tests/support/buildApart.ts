import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The build tools a plugin's own package.json lists as devDependencies, taken from this machine's install. */
const TOOLS = ['webpack', 'webpack-cli', '@module-federation/enhanced', 'ts-loader', 'typescript'];

/**
 * Builds a third-party plugin the way its developer would, away from the
 * workspace: its folder is copied to `workDir`, `@cumulus/sdk` and its
 * dependency `@cumulus/protocol` are installed there from the tarballs
 * `npm pack` makes of them (the published shape, nothing else of the repository), the build tools are linked in as an
 * installed devDependency would be, and its own webpack config runs in its
 * own folder. Returns the folder of the build output (`dist/`).
 */
export async function buildApart(pluginDir: string, workDir: string): Promise<string> {
  const dir = path.join(workDir, path.basename(pluginDir));
  cpSync(pluginDir, dir, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });

  const scope = path.join(dir, 'node_modules/@cumulus');
  mkdirSync(scope, { recursive: true });
  // The SDK and the one package it depends on, @cumulus/protocol, as npm would install them.
  for (const name of ['sdk', 'protocol']) {
    const packDir = path.join(workDir, 'pack', name);
    mkdirSync(packDir, { recursive: true });
    await run('npm', ['pack', path.join(ROOT, name), '--pack-destination', packDir, '--silent'], { cwd: workDir });
    const tarball = readdirSync(packDir).find((file) => file.endsWith('.tgz'));
    if (tarball === undefined) throw new Error(`npm pack left no tarball in ${packDir}`);
    await run('tar', ['-xzf', path.join(packDir, tarball), '-C', scope]);
    renameSync(path.join(scope, 'package'), path.join(scope, name));
  }

  for (const tool of TOOLS) {
    const link = path.join(dir, 'node_modules', tool);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', tool), link, 'dir');
  }
  await run(process.execPath, [path.join(dir, 'node_modules/webpack-cli/bin/cli.js'), '--config', 'webpack.config.js'], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return path.join(dir, 'dist');
}
