import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './helpers';

/** A server started by `server-process.ts` in a child process. */
export interface ChildServer {
  url: string;
  /** Everything the process wrote to stdout and stderr so far (its log). */
  output(): string;
  /** True while the process runs. */
  running(): boolean;
  /** Stops the process (SIGKILL after 5 s) and removes its data dir. */
  stop(): Promise<void>;
}

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), 'server-process.ts');

/** Starts a server in its own process with a fresh data dir and the default settings. */
export async function startChildServer(flags: string[] = []): Promise<ChildServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-child-server-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CUMULUS_LOG_REQUESTS;
  delete env.NODE_OPTIONS;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SCRIPT, dataDir, ADMIN_PASSWORD, ...flags], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const port = await new Promise<number>((done, fail) => {
    const check = (): void => {
      const line = /^\{"port":(\d+)\}$/m.exec(output);
      if (line) done(Number(line[1]));
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => fail(new Error(`The server process exited (${code}): ${output}`)));
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    running: () => !exited,
    async stop() {
      if (!exited) {
        const gone = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
