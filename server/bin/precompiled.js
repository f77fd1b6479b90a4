// The command line's TypeScript compiled ahead into plain JavaScript, so that a command answers
// without tsx compiling the server's modules at every start. The server parts of the plugins in the
// repository's plugins folder are compiled into it too (sharing its modules), so that the help and
// the plugins' commands load them without tsx. The bundle is rebuilt (with esbuild, which tsx
// brings) whenever a source is newer than it or the plugins' server parts changed, so it is never
// stale; the packages of node_modules stay outside it.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const outDir = join(root, 'node_modules', '.cache', 'cumulus-cli');
const stampFile = join(outDir, 'stamp.json');
const pluginsDir = join(root, 'plugins');
/** What the bundle is made of besides the plugins' server parts: the server's sources, the workspace packages it inlines, this file. */
const sourceDirs = [join(root, 'server', 'src'), join(root, 'remotes', 'src')];

/**
 * The server parts of the repository's plugins: `{ folder, entry }`, the entry an absolute path
 * (the loader finds a plugin's bundled part by it). A package.json that cannot be read is left
 * out here; the loader reports it.
 */
function pluginEntries() {
  const entries = [];
  for (const folder of readdirSync(pluginsDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    try {
      const server = JSON.parse(readFileSync(join(pluginsDir, folder.name, 'package.json'), 'utf8')).cumulus?.server;
      if (typeof server === 'string' && server.endsWith('.ts')) entries.push({ folder: folder.name, entry: join(pluginsDir, folder.name, server) });
    } catch {
      // Not a plugin, or a broken one.
    }
  }
  return entries.sort((a, b) => a.folder.localeCompare(b.folder));
}

/** The newest modification time (ms) of the TypeScript and JSON below `dirs`, and of this file. */
function newestSource(dirs) {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) walk(dir);
  return newest;
}

/** What the bundle is built from: the sources' newest time and the plugins' entries. */
function sources() {
  const plugins = pluginEntries();
  // A plugin's server part lives in its entry's folder (a server part imports nothing else of its plugin).
  const dirs = [...sourceDirs, ...new Set(plugins.map(({ entry }) => dirname(entry)))];
  return { newest: newestSource(dirs), plugins };
}

/** Whether the bundle was built from sources no older than `newest`, with the same plugins. */
function isFresh({ newest, plugins }) {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    return stamp.newest >= newest && JSON.stringify(stamp.plugins) === JSON.stringify(plugins);
  } catch {
    return false;
  }
}

/** Builds the bundle into a folder of its own, then puts it in place (another process may build at the same time). */
async function build(built) {
  const { newest, plugins } = built;
  const { build: esbuild } = await import('esbuild');
  const server = JSON.parse(readFileSync(join(root, 'server', 'package.json'), 'utf8'));
  // Inlined: the workspace packages and kysely (hundreds of small modules, each a file to resolve
  // and read at every start otherwise); the others (native code, or loaded by few commands) stay outside,
  // and so does tsx, which the loader registers for the plugins' TypeScript server parts.
  const inlined = (name) => name.startsWith('@cumulus/') || name === 'kysely';
  const external = [...Object.keys(server.dependencies ?? {}).filter((name) => !inlined(name)), 'tsx'];
  const building = `${outDir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  await esbuild({
    entryPoints: [{ in: join(root, 'server', 'src', 'cli.ts'), out: 'cli' }, ...plugins.map(({ folder, entry }) => ({ in: entry, out: `plugins/${folder}` }))],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: building,
    outExtension: { '.js': '.mjs' },
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'silent',
    // The loader reads it: the plugins' server parts in the bundle, by their source; another plugin's
    // TypeScript needs tsx, as the bundle runs on plain Node.
    define: { 'process.env.CUMULUS_PRECOMPILED': JSON.stringify(JSON.stringify(Object.fromEntries(plugins.map(({ folder, entry }) => [entry, pathToFileURL(join(outDir, 'plugins', `${folder}.mjs`)).href])))) },
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
  writeFileSync(join(building, 'stamp.json'), JSON.stringify({ newest, plugins }));
  mkdirSync(dirname(outDir), { recursive: true });
  // Another process (a parallel test, a second terminal) may have put an equal bundle in place
  // meanwhile and be loading its chunks from it: leave that one alone.
  if (isFresh(built)) {
    rmSync(building, { recursive: true, force: true });
    return;
  }
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
  const built = sources();
  if (!isFresh(built)) await build(built);
  return import(pathToFileURL(join(outDir, 'cli.mjs')).href);
}
