// The command line's TypeScript compiled ahead into plain JavaScript, so that a command answers
// without tsx compiling the server's modules at every start. The bundle is rebuilt (with esbuild,
// which tsx brings) whenever a source is newer than it, so it is never stale; the packages of
// node_modules stay outside it.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const outDir = join(root, 'node_modules', '.cache', 'cumulus-cli');
const stampFile = join(outDir, 'stamp.json');
/** What the bundle is made of: the server's sources, the workspace packages it inlines, this file. */
const sourceDirs = [join(root, 'server', 'src'), join(root, 'remotes', 'src')];

/** The newest modification time (ms) of the TypeScript and JSON below `dirs`, and of this file. */
function newestSource() {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of sourceDirs) walk(dir);
  return newest;
}

/** Whether the bundle was built from sources no older than `newest`. */
function isFresh(newest) {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).newest >= newest;
  } catch {
    return false;
  }
}

/** Builds the bundle into a folder of its own, then puts it in place (another process may build at the same time). */
async function build(newest) {
  const { build: esbuild } = await import('esbuild');
  const server = JSON.parse(readFileSync(join(root, 'server', 'package.json'), 'utf8'));
  // Inlined: the workspace packages and kysely (hundreds of small modules, each a file to resolve
  // and read at every start otherwise); the others (native code, or loaded by few commands) stay outside.
  const inlined = (name) => name.startsWith('@cumulus/') || name === 'kysely';
  const external = Object.keys(server.dependencies ?? {}).filter((name) => !inlined(name));
  const building = `${outDir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  await esbuild({
    entryPoints: [join(root, 'server', 'src', 'cli.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: building,
    outExtension: { '.js': '.mjs' },
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'silent',
    plugins: [
      {
        // A module's own URL (config.ts finds the repository, translate.ts its catalogues by it) stays the source's.
        name: 'source-urls',
        setup(context) {
          context.onLoad({ filter: /\.ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  writeFileSync(join(building, 'stamp.json'), JSON.stringify({ newest }));
  mkdirSync(dirname(outDir), { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
  try {
    renameSync(building, outDir);
  } catch (error) {
    // Another process put its bundle in place first: use that one.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(stampFile)) throw error;
  }
}

/** The command line's module from the bundle, built first when missing or stale. */
export async function loadPrecompiled() {
  const newest = newestSource();
  if (!isFresh(newest)) await build(newest);
  return import(pathToFileURL(join(outDir, 'cli.mjs')).href);
}
