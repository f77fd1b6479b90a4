/**
 * Which packages of package-lock.json want a Node.js the project does not declare: the
 * `engines.node` of every package must admit the lowest Node.js of the root package.json's
 * `engines.node` (Node.js 20 here: `npm ci` would print EBADENGINE for any that does not).
 * `node --import tsx scripts/engines/check-engines.ts` prints them and exits 1 on any.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The two functions of npm's own `semver` used here (npm reads engines with it). */
interface Semver {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

/** A package whose engines do not admit the declared Node.js. */
export interface EngineProblem {
  /** Its place in the lockfile (`node_modules/cookie`). */
  path: string;
  version: string;
  wants: string;
}

interface Lockfile {
  packages?: Record<string, { version?: string; engines?: unknown }>;
}

/** The lowest Node.js of `declared` (`>=20.19` → 20.19.0). */
export function lowestNode(declared: string): string {
  const lowest = semver.minVersion(declared);
  if (lowest === null) throw new Error(`The declared engines.node "${declared}" admits no version`);
  return lowest.version;
}

/** The packages of `lock` whose `engines.node` refuses the lowest Node.js of `declared`. */
export function engineProblems(lock: Lockfile, declared: string): EngineProblem[] {
  const node = lowestNode(declared);
  const problems: EngineProblem[] = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    // The root's own entry (""): the range declared.
    if (path === '') continue;
    // Engines are an object (or, in very old packages, an array npm ignores).
    const wants = typeof entry.engines === 'object' && entry.engines !== null && !Array.isArray(entry.engines) ? (entry.engines as Record<string, unknown>).node : undefined;
    if (typeof wants !== 'string') continue;
    if (!semver.satisfies(node, wants)) problems.push({ path, version: entry.version ?? '?', wants });
  }
  return problems;
}

/** The problems of a checkout's package-lock.json against its package.json. */
export function checkCheckout(root: string): { declared: string; problems: EngineProblem[] } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines?: { node?: string } };
  const declared = pkg.engines?.node;
  if (declared === undefined) throw new Error('package.json declares no engines.node');
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  return { declared, problems: engineProblems(lock, declared) };
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const { declared, problems } = checkCheckout(resolve(import.meta.dirname, '../..'));
  for (const problem of problems) console.error(`${problem.path}@${problem.version} wants node ${problem.wants}; package.json declares ${declared}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
