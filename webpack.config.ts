/**
 * One configuration that builds the shell (dist/shell) and every plugin under
 * plugins/ as a federated remote (dist/plugins/<id>), plus
 * dist/plugins/manifest.json. The pieces live in build/.
 *
 * `--env pluginsDir=… --env distDir=… --env publicPath=… --env remotesOnly`
 * build other plugin folders elsewhere (the e2e tests' fixture remotes);
 * `--env only=a,b` builds only the plugins with those ids; `--env examples=hello`
 * adds the example plugins named (left out by default, disabled until enabled).
 */
import type { Configuration } from 'webpack';
import { buildConfigs } from './build/configs';
import type { BuildMode } from './build/common';

interface Env {
  pluginsDir?: string;
  distDir?: string;
  publicPath?: string;
  remotesOnly?: boolean | string;
  only?: string;
  examples?: string;
}

export default function config(env: Env = {}, argv: { mode?: string } = {}): Configuration[] {
  const mode: BuildMode = argv.mode === 'development' ? 'development' : 'production';
  return buildConfigs({
    mode,
    pluginsDir: env.pluginsDir,
    distDir: env.distDir,
    publicPath: env.publicPath,
    remotesOnly: env.remotesOnly === true || env.remotesOnly === 'true',
    ...(env.only !== undefined ? { only: env.only.split(',').filter((id) => id !== '') } : {}),
    ...(env.examples !== undefined ? { examples: env.examples.split(',').filter((id) => id !== '') } : {}),
  });
}
