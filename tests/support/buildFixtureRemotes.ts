import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds every plugin under `pluginsDir` as a real federated remote with the
 * project's own webpack.config.ts (same shared singletons as the shell) into
 * `<distDir>/plugins/<id>/`, served under `<publicPath>plugins/<id>/`.
 * Runs webpack in a child process: it is CommonJS-heavy and slow to load
 * inside jest's ESM sandbox. `only` limits the build to those plugin ids.
 */
export function buildFixtureRemotes(options: { pluginsDir: string; distDir: string; publicPath: string; only?: readonly string[] }): Promise<void> {
  const args = [
    path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'),
    '--config',
    path.join(ROOT, 'webpack.config.ts'),
    '--mode',
    'production',
    '--env',
    `pluginsDir=${options.pluginsDir}`,
    '--env',
    `distDir=${options.distDir}`,
    '--env',
    `publicPath=${options.publicPath}`,
    '--env',
    'remotesOnly',
    ...(options.only !== undefined ? ['--env', `only=${options.only.join(',')}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`webpack exited with ${code}:\n${output}`))));
  });
}
