import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'server/bin/cumulus.js');

/** How a `cumulus` command ended. */
export interface CumulusRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the `cumulus` command line as an operator would, from the repository root, with `env` added. */
export function runCumulus(args: string[], env: Record<string, string>): Promise<CumulusRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end();
  });
}
