import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../server/bin/cumulus.js');

/** A `cumulus serve` child process, as an operator runs it. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  readonly child: ChildProcess;
  /** Settles when the process has ended, with its exit code or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote on stderr so far. */
  stderr(): string;
  /** What it wrote on stdout so far (its start-up lines, then its log). */
  stdout(): string;
  /** Sends SIGKILL (no clean-up of any kind can run) and waits for the end. */
  kill(): Promise<void>;
  /** Sends SIGTERM (a clean stop) and waits for the end. */
  stop(): Promise<void>;
}

/**
 * Starts `server/bin/cumulus.js serve` on 127.0.0.1 and a free port over `dataDir`, with
 * `env` added to the environment (for example `CUMULUS_TEST_CRASH_AT`), and resolves once it
 * prints its URL. Rejects with its stderr when it ends before that. `options.port` starts it
 * on that port instead: a server restarted where its clients expect it.
 */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}, options: { port?: number } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(options.port ?? 0), '--host', '127.0.0.1'], {
    env: { ...process.env, NODE_OPTIONS: '', CUMULUS_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const ended = async (): Promise<void> => {
    await exited;
  };
  return new Promise((done, fail) => {
    let started = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /running at (http:\/\/[^/\s]+)\//.exec(stdout)?.[1];
      if (!url || started) return;
      started = true;
      done({
        url,
        child,
        exited,
        stderr: () => stderr,
        stdout: () => stdout,
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await ended();
        },
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await ended();
        },
      });
    });
    void exited.then(({ code, signal }) => fail(new Error(`The server ended before listening (${signal ?? code}): ${stderr}`)));
  });
}
