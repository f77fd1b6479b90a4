import type { Readable, Writable } from 'node:stream';

/** Where a CLI command reads and writes, replaceable in tests. */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  env: NodeJS.ProcessEnv;
}

/** Writes a line. */
export function println(stream: Writable, text = ''): void {
  stream.write(`${text}\n`);
}

/** Reads all of a non-interactive stdin and returns its first line. */
async function readFirstLine(stdin: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return (text.split(/\r?\n/)[0] ?? '');
}

/** Prompts on a terminal without echoing what is typed. */
function promptHidden(io: CliIo, question: string): Promise<string> {
  return new Promise((done, reject) => {
    io.stderr.write(question);
    let typed = '';
    io.stdin.setRawMode?.(true);
    io.stdin.resume();
    const onData = (chunk: Buffer | string): void => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n') {
          finish();
          done(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    const finish = (): void => {
      io.stdin.off('data', onData);
      io.stdin.setRawMode?.(false);
      io.stdin.pause();
      io.stderr.write('\n');
    };
    io.stdin.on('data', onData);
  });
}

/**
 * Gets a new password: from `CUMULUS_PASSWORD` with `--password-from-env`, by a hidden prompt
 * (typed twice) on a terminal, or from the first line of piped input.
 */
export async function readNewPassword(io: CliIo, fromEnv: boolean): Promise<string> {
  if (fromEnv) {
    const value = io.env.CUMULUS_PASSWORD;
    if (!value) throw new Error('--password-from-env is set but CUMULUS_PASSWORD is empty.');
    return value;
  }
  if (!io.stdin.isTTY) return readFirstLine(io.stdin);
  const first = await promptHidden(io, 'Password: ');
  const second = await promptHidden(io, 'Confirm password: ');
  if (first !== second) throw new Error('The passwords do not match.');
  return first;
}
