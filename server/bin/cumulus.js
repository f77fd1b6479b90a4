#!/usr/bin/env node
// The operators' command line. The server is TypeScript: every command runs from a bundle compiled
// ahead (precompiled.js), which registers tsx only when it loads a plugin's TypeScript server part;
// `serve` (unless it is asked for its help) runs the sources through tsx, registered first.
const argv = process.argv.slice(2);
// Output piped into a reader that stops early (`cumulus help | head`): stop quietly, as other tools do.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
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

const helpAsked = argv.includes('--help') || argv.includes('-h');
const precompiled = (name !== 'serve' || helpAsked) && process.env.CUMULUS_CLI_FROM_SOURCE !== '1';
const { main } = await (precompiled ? fromBundle() : fromSource());
process.exitCode = await main(argv);
