#!/usr/bin/env node
// The operators' command line. The server is TypeScript run by tsx, so register it first.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
