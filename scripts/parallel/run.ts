/**
 * `node --import tsx scripts/parallel/run.ts <script>...`: runs the package's npm scripts at the
 * same time and exits 1 when any of them fails. `npm test` runs lint, typecheck and build this way:
 * each is one process that keeps one core busy, so on a machine of two or more cores they end
 * together sooner than one after the other. Each script's output is held back and printed whole
 * when it ends (interleaved lines from three tools would be unreadable), headed by its name, its
 * outcome and how long it took.
 */
import { spawn } from 'node:child_process';

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: run.ts <npm script> [<npm script>...]');
  process.exit(2);
}

function run(name: string): Promise<Outcome> {
  const began = Date.now();
  const output: Buffer[] = [];
  const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((done) => {
    const finish = (code: number): void => {
      const seconds = (Date.now() - began) / 1000;
      const text = Buffer.concat(output).toString('utf8');
      process.stdout.write(`\n── npm run ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}`);
      done({ name, code, seconds });
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.once('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

const outcomes = await Promise.all(names.map(run));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
process.stdout.write(`\n${outcomes.map((o) => `${o.name} ${o.code === 0 ? 'ok' : 'FAILED'} ${o.seconds.toFixed(0)} s`).join(', ')}\n`);
if (failed.length > 0) process.exitCode = 1;
