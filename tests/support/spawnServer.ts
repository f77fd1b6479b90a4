/**
 * Starts a server script (`tests/bench/server-process.ts`, `tests/bench/http-sink.ts`)
 * in a child process of its own: it gets its own core and event loop, as a
 * real server would, and its memory and files can be watched from outside.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** tsx's loader by absolute URL, so the child may run in any working directory. */
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/** The server process of the benches and the fuzz test. */
export const SERVER_PROCESS = join(ROOT, 'tests/bench/server-process.ts');

/** A started child: its port (read from the `{"port": N}` line it prints) and the process. */
export interface SpawnedServer {
  port: number;
  child: ChildProcess;
}

/** How to start the child beyond the script and its arguments. */
export interface SpawnOptions {
  /** Extra node flags, e.g. `--expose-gc` or `--cpu-prof`. */
  nodeFlags?: string[];
  /** Working directory (default: this process's). */
  cwd?: string;
  /** Environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Open an IPC channel (`child.send`), e.g. to ask the server for its memory use. */
  ipc?: boolean;
  /** Where the child's stderr goes: shown (default) or handed to a callback. */
  onStderr?: (text: string) => void;
}

/** Starts `script` (absolute path) under tsx and waits for its port. */
export async function spawnServer(script: string, args: string[], options: SpawnOptions = {}): Promise<SpawnedServer> {
  const stderr = options.onStderr ? 'pipe' : 'inherit';
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', TSX_LOADER, script, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: options.ipc ? ['ignore', 'pipe', stderr, 'ipc'] : ['ignore', 'pipe', stderr],
  });
  const onStderr = options.onStderr;
  if (onStderr) child.stderr?.on('data', (data: Buffer) => onStderr(data.toString('utf8')));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
    lines.once('line', (line) => done((JSON.parse(line) as { port: number }).port));
  });
  return { port, child };
}

/** Stops a child with SIGTERM and waits for it to exit; SIGKILL after `graceMs` (a server stuck in a loop never handles SIGTERM). */
export async function stopServer(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
