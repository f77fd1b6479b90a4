#!/usr/bin/env node
// The operators' command line. The server is TypeScript: the user and plugin-switch commands run
// from a bundle compiled ahead (precompiled.js), the rest (serve, db:*, the help, the plugins' own
// commands, which load plugins' TypeScript server parts) through tsx, registered first.
const argv = process.argv.slice(2);
const [name = ''] = argv;

async function fromSource() {
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli.ts');
}

async function fromBundle() {
  try {
    const { loadPrecompiled } = await import('./precompiled.js');
    return await loadPrecompiled();
  } catch {
    // No bundle can be built here (a read-only install, no esbuild): the sources run as they are.
    return fromSource();
  }
}

const precompiled = /^(user|plugins):/.test(name) && process.env.CUMULUS_CLI_FROM_SOURCE !== '1';
const { main } = await (precompiled ? fromBundle() : fromSource());
process.exitCode = await main(argv);
