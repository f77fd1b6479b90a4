import path from 'node:path';
import type { Configuration } from 'webpack';

/** `production` unless asked otherwise: the build that ships is the default. */
export type BuildMode = 'production' | 'development';

/** The repository root; every path of the build is resolved from it. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * What the shell and the remotes have in common: TypeScript through ts-loader
 * with `transpileOnly` (tsc type-checks separately, so the build stays fast).
 */
export function commonConfig(mode: BuildMode): Configuration {
  return {
    mode,
    context: ROOT,
    target: 'web',
    devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'ts-loader',
          options: {
            transpileOnly: true,
            configFile: path.join(ROOT, 'tsconfig.base.json'),
            // tsconfig.json says noEmit for type-checking; the loader must emit.
            compilerOptions: { noEmit: false, sourceMap: mode !== 'production' },
          },
        },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
