import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Thumbnails of PDFs (first page, poppler's `pdftoppm`) and videos (a frame, `ffmpeg`), made by
 * child processes: no shell, fixed arguments, the input a pipe (a video, read from its start) or
 * a temporary file with a random name that the server wrote itself (so nothing of the user's file
 * name reaches a command line), a time
 * limit, an address-space limit (`prlimit`, when present) and at most {@link MAX_RUNNING} at once.
 * The tools are looked for once; without them these types keep their MIME icon.
 */

/** The document types the tools render, by tool. */
export const PDF_MIMES: ReadonlySet<string> = new Set(['application/pdf']);
export const VIDEO_MIMES: ReadonlySet<string> = new Set([
  'video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/x-msvideo', 'video/ogg', 'video/mpeg', 'video/3gpp', 'video/x-m4v',
]);

/** A render is killed after this long (ms). */
export const TOOL_TIMEOUT_MS = 20_000;
/** Renders running at once; more wait their turn. */
export const MAX_RUNNING = 2;
/** Address space a tool may use (bytes), through prlimit. */
const MAX_TOOL_MEMORY = 1024 * 1024 * 1024;
/** Largest rendered image a tool may hand back (bytes); more is refused. */
const MAX_TOOL_OUTPUT = 64 * 1024 * 1024;
/** Largest input copied for a render (bytes): a PDF, a video. Larger files keep their icon. */
export const MAX_INPUT = { pdf: 512 * 1024 * 1024, video: 4 * 1024 * 1024 * 1024 } as const;

interface Tools {
  pdftoppm: boolean;
  ffmpeg: boolean;
  prlimit: boolean;
}

let found: Tools | undefined;

function present(command: string, args: string[]): boolean {
  try {
    const result = spawnSync(command, args, { stdio: 'ignore', timeout: 5000 });
    return result.error === undefined && result.status !== null;
  } catch {
    return false;
  }
}

/** Looks for the tools once (the first call), and logs what it found once. */
export function previewTools(log?: (message: string) => void): Tools {
  if (found) return found;
  const override = process.env.CUMULUS_PREVIEW_TOOLS; // 'none' in tests of the fallback
  found = override === 'none'
    ? { pdftoppm: false, ffmpeg: false, prlimit: false }
    : { pdftoppm: present('pdftoppm', ['-v']), ffmpeg: present('ffmpeg', ['-version']), prlimit: present('prlimit', ['--version']) };
  const missing = [!found.pdftoppm && 'pdftoppm (poppler-utils): PDFs', !found.ffmpeg && 'ffmpeg: videos'].filter(Boolean);
  (log ?? ((m: string) => process.stderr.write(`${m}\n`)))(missing.length === 0
    ? 'previews: PDF and video thumbnails with pdftoppm and ffmpeg'
    : `previews: not found, so these keep their icon: ${missing.join('; ')}`);
  return found;
}

/** Forgets what {@link previewTools} found, so the next call looks again (tests, with or without the tools). */
export function forgetPreviewTools(): void {
  found = undefined;
}

/** Which tool renders `mime`, when it is installed. */
export function toolFor(mime: string): 'pdf' | 'video' | null {
  const tools = previewTools();
  if (PDF_MIMES.has(mime)) return tools.pdftoppm ? 'pdf' : null;
  if (VIDEO_MIMES.has(mime)) return tools.ffmpeg ? 'video' : null;
  return null;
}

let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Runs a command (argument array, no shell) and collects its standard output; rejects on failure, timeout or too much output. */
function run(command: string, args: string[], stdin?: Readable): Promise<Buffer> {
  const limited = previewTools().prlimit;
  const [file, argv] = limited ? ['prlimit', [`--as=${MAX_TOOL_MEMORY}`, '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], shell: false, timeout: TOOL_TIMEOUT_MS, killSignal: 'SIGKILL' });
    if (stdin && child.stdin) {
      // The tool stops reading once it has its frame: the rest of the file is not fetched.
      child.stdin.on('error', () => stdin.destroy());
      stdin.on('error', () => child.stdin?.destroy());
      stdin.pipe(child.stdin);
      child.on('close', () => stdin.destroy());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_TOOL_OUTPUT) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0 && size > 0 && size <= MAX_TOOL_OUTPUT) resolve(Buffer.concat(chunks));
      else reject(new Error(`${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(0, 500)}`));
    });
  });
}

/** Copies `source` into a new temporary file under `dir` (refused beyond `max` bytes); returns its path. */
async function spool(dir: string, source: Readable, max: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `.render-${randomBytes(8).toString('hex')}`);
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? new Error('file too large to render') : null, chunk);
    },
  });
  try {
    await pipeline(source, cap, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return path;
}

/** ffmpeg's arguments for one frame of `input` (`file:<our temporary path>` or `pipe:0`) as a PNG on standard output. */
function videoFrameArgs(input: string, edge: number, secondIn: boolean): string[] {
  const piped = input === 'pipe:0';
  return [
    ...(piped ? [] : ['-nostdin']), '-hide_banner', '-loglevel', 'error', '-threads', '1', '-protocol_whitelist', piped ? 'pipe' : 'file',
    ...(secondIn ? ['-ss', '1'] : []), '-i', input, '-frames:v', '1', '-an', '-sn',
    '-vf', `scale=${edge}:${edge}:force_original_aspect_ratio=decrease`, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1',
  ];
}

/**
 * Renders the first page of a PDF or a frame of a video as a PNG at most `edge` pixels on its longer
 * side. `open` gives the file's bytes (any storage); `tmpDir` holds the copy while the tool runs.
 */
export async function renderWithTool(kind: 'pdf' | 'video', size: number, open: () => Promise<Readable>, tmpDir: string, edge: number): Promise<Buffer> {
  if (size > MAX_INPUT[kind]) throw new Error('file too large to render');
  return slot(async () => {
    if (kind === 'video') {
      // First through a pipe, read from the start (a web video has its index first, so a frame
      // comes after a few MB); a video that needs seeking (index at the end) is copied below.
      const piped = await run('ffmpeg', videoFrameArgs('pipe:0', edge, true), await open()).catch(() => null);
      if (piped) return piped;
    }
    const input = await spool(tmpDir, await open(), MAX_INPUT[kind]);
    try {
      if (kind === 'pdf') {
        // `--` ends the options; the input is our own absolute path.
        return await run('pdftoppm', ['-png', '-f', '1', '-l', '1', '-singlefile', '-scale-to', String(edge), '--', input]);
      }
      // A second in (past a black first frame); a shorter video gives its first frame.
      return await run('ffmpeg', videoFrameArgs(`file:${input}`, edge, true)).catch(() => run('ffmpeg', videoFrameArgs(`file:${input}`, edge, false)));
    } finally {
      await rm(input, { force: true });
    }
  });
}
